import { NotifProvider } from './provider.component.js';

export { NotifProvider };

if (!customElements.get('notif-provider')) customElements.define('notif-provider', NotifProvider);

declare global {
  interface HTMLElementTagNameMap {
    'notif-provider': NotifProvider;
  }
}
