import type { Message } from '../client/types.js';
import type { NotifRowAction } from '../components/inbox/row-actions.js';

export interface NotifRowActionDetail {
  /** The message whose row menu was used. */
  readonly message: Message;
  /**
   * The item chosen: `mark-read`, `mark-unread` and `turn-off` for the built-in items, else the host item's
   * `id` (its label when it has none).
   */
  readonly id: string;
  /** The host's item (from `rowActions`), or `undefined` for a built-in one. */
  readonly action: NotifRowAction | undefined;
}

/**
 * An item of a row's "More actions" menu was chosen. Fired before the item acts; cancelable: call
 * `preventDefault()` to skip its action (the host item's `handler`, or the built-in marking or turning off).
 */
export class NotifRowActionEvent extends CustomEvent<NotifRowActionDetail> {
  static readonly eventName = 'notif-row-action';

  constructor(detail: NotifRowActionDetail) {
    super(NotifRowActionEvent.eventName, { detail, bubbles: true, composed: true, cancelable: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'notif-row-action': NotifRowActionEvent;
  }
}
