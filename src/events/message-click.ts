import type { Message } from '../client/types.js';

export interface NotifMessageClickDetail {
  /** The message clicked. */
  readonly message: Message;
  /** The message's call-to-action URL when it is safe (http, https or relative), else `undefined`. */
  readonly url: string | undefined;
}

/**
 * A message of the inbox was activated (click or Enter). Cancelable: call `preventDefault()` to take over
 * the navigation (for example with the host's router); otherwise the inbox follows `url` when there is one.
 */
export class NotifMessageClickEvent extends CustomEvent<NotifMessageClickDetail> {
  static readonly eventName = 'notif-message-click';

  constructor(detail: NotifMessageClickDetail) {
    super(NotifMessageClickEvent.eventName, { detail, bubbles: true, composed: true, cancelable: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'notif-message-click': NotifMessageClickEvent;
  }
}
