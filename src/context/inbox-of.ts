import { createInboxStore, type InboxStore } from '../store/inbox.js';
import type { NotifConnection } from './registry.js';

const INBOX = Symbol('inbox');

/** The inbox store of a connection, created on first call and shared by every element of the connection. */
export function inboxOf(connection: NotifConnection): InboxStore {
  return connection.use(INBOX, (client, subscriberId) => {
    const { baseUrl, inbox } = connection.config;
    return createInboxStore(client, {
      // Tabs of one app (same service or proxy, same subscriber) share a poller; other apps on the origin
      // that show the same subscriber through another service do not.
      syncKey: `${baseUrl}|${subscriberId}`,
      ...inbox,
      subscriberId,
    });
  });
}
