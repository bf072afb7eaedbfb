import { NotifInbox } from './inbox.component.js';

export { NotifInbox };
export type { NotifRowContext, RenderHook, RenderHookResult, RowRenderers } from './render-hooks.js';
export type { NotifRowAction } from './row-actions.js';

if (!customElements.get('notif-inbox')) customElements.define('notif-inbox', NotifInbox);

declare global {
  interface HTMLElementTagNameMap {
    'notif-inbox': NotifInbox;
  }
}
