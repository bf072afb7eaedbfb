export interface NotifOpenChangeDetail {
  /** Whether the bell's panel is now open. */
  readonly open: boolean;
}

/** The bell's panel opened or closed. */
export class NotifOpenChangeEvent extends CustomEvent<NotifOpenChangeDetail> {
  static readonly eventName = 'notif-open-change';

  constructor(detail: NotifOpenChangeDetail) {
    super(NotifOpenChangeEvent.eventName, { detail, bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'notif-open-change': NotifOpenChangeEvent;
  }
}
