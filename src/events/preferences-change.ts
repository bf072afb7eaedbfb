import type { SubscriberPreferences, UpdatePreferencesBody } from '../client/types.js';

export interface NotifPreferencesChangeDetail {
  /** The subscriber's preferences after the change. */
  readonly preferences: SubscriberPreferences;
  /** The change sent to the service. */
  readonly change: UpdatePreferencesBody;
}

/** The subscriber changed a preference and the service saved it. */
export class NotifPreferencesChangeEvent extends CustomEvent<NotifPreferencesChangeDetail> {
  static readonly eventName = 'notif-preferences-change';

  constructor(detail: NotifPreferencesChangeDetail) {
    super(NotifPreferencesChangeEvent.eventName, { detail, bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'notif-preferences-change': NotifPreferencesChangeEvent;
  }
}
