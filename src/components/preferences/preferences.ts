import { NotifPreferences } from './preferences.component.js';

export { NotifPreferences };
export { EXPORT_PREFERENCES_PARTS, PREFERENCES_PARTS, type PreferencesPart } from './preferences.parts.js';

if (!customElements.get('notif-preferences')) customElements.define('notif-preferences', NotifPreferences);

declare global {
  interface HTMLElementTagNameMap {
    'notif-preferences': NotifPreferences;
  }
}
