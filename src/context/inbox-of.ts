import type { NotifClient } from '../client/client.js';
import type { ListMessagesQuery } from '../client/types.js';
import { createInboxStore, type InboxStore } from '../store/inbox.js';
import { scopeKeys } from '../store/list-query.js';
import { provideInboxStores, takeFirstPage, type FirstPage } from './read-ahead.js';
import type { NotifConnection } from './registry.js';

const INBOX = Symbol('inbox');
/** One key per scope, so every element of a connection showing a scope shares its store. */
const SCOPES = new Map<string, symbol>();
/** The connection of each store made here: a bell's inbox, given the store, makes its tabs' stores from it. */
const MADE_BY = new WeakMap<InboxStore, NotifConnection>();

/** The connection an inbox store was made for by {@link inboxOf}, if it was. */
export function connectionOf(store: InboxStore): NotifConnection | undefined {
  return MADE_BY.get(store);
}

/**
 * The inbox store of a connection, created on first call and shared by every element of the connection.
 * With `contextKeys` (a tab's scope), the connection's store of that scope: its own list, requests and
 * poller, destroyed with the connection like the unscoped one.
 */
export function inboxOf(connection: NotifConnection, contextKeys?: readonly string[]): InboxStore {
  provideInboxStores(inboxOf);
  const scope = contextKeys ? scopeKeys(contextKeys) : [];
  const name = scope.join('&');
  let key = name === '' ? INBOX : SCOPES.get(name);
  if (!key) SCOPES.set(name, (key = Symbol(`inbox:${name}`)));
  return connection.use(key, (client, subscriberId) => {
    const { baseUrl, inbox } = connection.config;
    const first = scope.length === 0 ? takeFirstPage(connection) : undefined;
    const store = createInboxStore(first ? seeded(client, first) : client, {
      // Tabs of one app (same service or proxy, same subscriber) share a poller; other apps on the origin
      // that show the same subscriber through another service do not.
      syncKey: `${baseUrl}|${subscriberId}`,
      ...inbox,
      ...(scope.length > 0 ? { contextKeys: scope } : {}),
      subscriberId,
    });
    MADE_BY.set(store, connection);
    return store;
  });
}

/**
 * The client with the first page a bell read ahead (`read-ahead.ts`) as the answer to the store's first
 * request, when that request is the same one; every other request goes to the service.
 */
function seeded(client: NotifClient, first: FirstPage): NotifClient {
  let firstCall = true;
  const same = (query: ListMessagesQuery | undefined) =>
    JSON.stringify(query) === JSON.stringify(first.query);
  return {
    ...client,
    listMessages(query, call) {
      const useFirst = firstCall && same(query);
      firstCall = false;
      return useFirst ? first.page : client.listMessages(query, call);
    },
  };
}
