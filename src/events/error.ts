export interface NotifErrorDetail {
  /** What went wrong: usually a `NotifError` of the client (`notif-elements/client`). */
  readonly error: unknown;
  /** The operation that failed, such as `load`, `markAsRead` or `updatePreferences`. */
  readonly operation: string;
}

/** An operation with the service failed. The element shows its own error state as well. */
export class NotifErrorEvent extends CustomEvent<NotifErrorDetail> {
  static readonly eventName = 'notif-error';

  constructor(detail: NotifErrorDetail) {
    super(NotifErrorEvent.eventName, { detail, bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'notif-error': NotifErrorEvent;
  }
}
