import { NotifInbox } from './inbox.component.js';

export { NotifInbox };

if (!customElements.get('notif-inbox')) customElements.define('notif-inbox', NotifInbox);

declare global {
  interface HTMLElementTagNameMap {
    'notif-inbox': NotifInbox;
  }
}
