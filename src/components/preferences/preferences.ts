import { NotifPreferences } from './preferences.component.js';

export { NotifPreferences };

if (!customElements.get('notif-preferences')) customElements.define('notif-preferences', NotifPreferences);

declare global {
  interface HTMLElementTagNameMap {
    'notif-preferences': NotifPreferences;
  }
}
