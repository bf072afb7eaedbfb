import { NotifBell } from './bell.component.js';
// The panel's <notif-inbox> is defined by the panel's module (bell-panel.ts), loaded with `import()`.

export { NotifBell };

if (!customElements.get('notif-bell')) customElements.define('notif-bell', NotifBell);

declare global {
  interface HTMLElementTagNameMap {
    'notif-bell': NotifBell;
  }
}
