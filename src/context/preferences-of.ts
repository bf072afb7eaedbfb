import { createPreferencesStore, type PreferencesStore } from '../store/preferences.js';
import type { NotifConnection } from './registry.js';

const PREFERENCES = Symbol('preferences');

/** The preferences store of a connection, created on first call and shared by every `<notif-preferences>` of it. */
export function preferencesOf(connection: NotifConnection): PreferencesStore {
  return connection.use(PREFERENCES, (client, subscriberId) =>
    createPreferencesStore(client, { subscriberId }),
  );
}
