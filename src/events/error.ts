/**
 * The operations a `notif-error` names:
 * - `refresh`, `loadMore`: loading the inbox's list (the first page, a refresh or the next page);
 * - `markAs`: marking messages (a click, the bell marking the shown ones seen, a toast, a row's action);
 * - `markAllAs`: "Mark all as read";
 * - `load`: loading the preferences;
 * - `updatePreferences`: saving a preference or the schedule (or turning a workflow off from a row's menu);
 * - `rowAction`: the handler of a host's row action (`rowActions`) threw or rejected.
 */
export type NotifErrorOperation =
  'refresh' | 'loadMore' | 'markAs' | 'markAllAs' | 'load' | 'updatePreferences' | 'rowAction';

export interface NotifErrorDetail {
  /** What went wrong: usually a `NotifError` of the client (`notif-elements/client`). */
  readonly error: unknown;
  /** The operation that failed: see {@link NotifErrorOperation}. */
  readonly operation: NotifErrorOperation;
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
