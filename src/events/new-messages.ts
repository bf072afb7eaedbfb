import type { Message } from '../client/types.js';

export interface NotifNewMessagesDetail {
  /** The messages that arrived, newest first. */
  readonly messages: readonly Message[];
}

/** New messages arrived for the subscriber. */
export class NotifNewMessagesEvent extends CustomEvent<NotifNewMessagesDetail> {
  static readonly eventName = 'notif-new-messages';

  constructor(detail: NotifNewMessagesDetail) {
    super(NotifNewMessagesEvent.eventName, { detail, bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'notif-new-messages': NotifNewMessagesEvent;
  }
}
