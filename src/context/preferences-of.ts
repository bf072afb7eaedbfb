import { createPreferencesStore, type PreferencesStore } from '../store/preferences.js';
import type { NotifConnection } from './registry.js';

/** The key of a connection's preferences store: every element of one connection shares it. */
const PREFERENCES = Symbol.for('notif-elements/preferences');

/**
 * The preferences store of a connection, created on first call and shared by every element of the
 * connection: `<notif-preferences>` and the inbox row's "Turn off notifications like this" show and change
 * the same preferences.
 */
export function preferencesOf(connection: NotifConnection): PreferencesStore {
  return connection.use(PREFERENCES, (client, subscriberId) =>
    createPreferencesStore(client, { subscriberId }),
  );
}
