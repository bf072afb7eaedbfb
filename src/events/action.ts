import type { Message, MessageButton } from '../client/types.js';

export interface NotifActionDetail {
  /** The message whose button was pressed. */
  readonly message: Message;
  /** The button pressed. */
  readonly button: MessageButton;
  /** Its position among the message's buttons. */
  readonly index: number;
}

/**
 * An action button of a message was pressed. Cancelable: call `preventDefault()` to handle the action
 * yourself; otherwise the inbox records it with the service.
 */
export class NotifActionEvent extends CustomEvent<NotifActionDetail> {
  static readonly eventName = 'notif-action';

  constructor(detail: NotifActionDetail) {
    super(NotifActionEvent.eventName, { detail, bubbles: true, composed: true, cancelable: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'notif-action': NotifActionEvent;
  }
}
