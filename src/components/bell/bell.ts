import { NotifBell } from './bell.component.js';
// The panel holds a <notif-inbox>.
import '../inbox/inbox.js';

export { NotifBell };

if (!customElements.get('notif-bell')) customElements.define('notif-bell', NotifBell);

declare global {
  interface HTMLElementTagNameMap {
    'notif-bell': NotifBell;
  }
}
