/**
 * Shared connections: elements configured alike (same base URL, subscriber and key) share one client, one
 * inbox store and one preferences store, so a bell and an inbox in different subtrees still run one poller.
 * A connection imports no store: each element makes the store it shows through `use()` (see `inboxOf` and
 * `<notif-preferences>`), so a page with a bell alone never loads the preferences store, and a preferences
 * panel alone never loads the inbox store.
 * Nothing lives at module level but this map of live connections, and entries leave it when the last
 * element lets go.
 */
import { createNotifClient, type NotifClient, type NotifClientOptions } from '../client/index.js';
import type { InboxStoreOptions } from '../store/inbox.js';

/** What an element or a provider needs to reach the service for one subscriber. */
export interface ConnectionConfig {
  baseUrl: string;
  subscriberId: string;
  /** Local development only: the service's secret key. */
  apiKey?: string;
  /** Options of the inbox store made for this connection (page size, polling...). */
  inbox?: Omit<InboxStoreOptions, 'subscriberId'>;
  /** Extra client options (headers, fetch...). A connection with these is never shared by attributes. */
  client?: Omit<NotifClientOptions, 'baseUrl' | 'apiKey'>;
}

/** One subscriber's client and stores, made on first use. */
export interface NotifConnection {
  readonly subscriberId: string;
  readonly client: NotifClient;
  /** What the connection was made from. */
  readonly config: Readonly<ConnectionConfig>;
  /**
   * The one value under `key` for this subscriber (a store), created by `create` on first call and destroyed
   * with the connection. The inbox store (`inboxOf`) and the preferences store live here.
   */
  use<T extends { destroy(): void }>(
    key: symbol,
    create: (client: NotifClient, subscriberId: string) => T,
  ): T;
}

interface Entry {
  connection: NotifConnection;
  users: number;
  destroy(): void;
}

const live = new Map<string, Entry>();
let unshared = 0;

/** Creates a connection that nobody else shares. */
export function createConnection(config: ConnectionConfig): NotifConnection & { destroy(): void } {
  const client = createNotifClient({ ...config.client, baseUrl: config.baseUrl, apiKey: config.apiKey });
  const used = new Map<symbol, { destroy(): void }>();
  return {
    subscriberId: config.subscriberId,
    client,
    config,
    use<T extends { destroy(): void }>(
      key: symbol,
      create: (client: NotifClient, subscriberId: string) => T,
    ) {
      let value = used.get(key);
      if (!value) used.set(key, (value = create(client, config.subscriberId)));
      return value as T;
    },
    destroy() {
      for (const value of used.values()) value.destroy();
    },
  };
}

/**
 * What makes two configurations one connection: the base URL (without trailing slashes), the subscriber,
 * the key and the inbox options. The one key of this module: the map of live connections and each holder's
 * "did the configuration change" both use it.
 */
function connectionKey(config: ConnectionConfig): string {
  return JSON.stringify([
    config.baseUrl.replace(/\/+$/, ''),
    config.subscriberId,
    config.apiKey ?? '',
    config.inbox ?? {},
  ]);
}

/** The key in the map of live connections: a connection with client options is never shared. */
function keyOf(config: ConnectionConfig): string {
  return config.client ? `unshared:${++unshared}` : connectionKey(config);
}

/**
 * Takes a share of the connection for `config`, creating it if needed. Call `release()` when done; the
 * connection is destroyed once no one holds it (after the current task, so moving an element in the
 * DOM keeps it).
 */
export function acquireConnection(config: ConnectionConfig): {
  connection: NotifConnection;
  release(): void;
} {
  const key = keyOf(config);
  let entry = live.get(key);
  if (!entry) {
    const connection = createConnection(config);
    entry = { connection, users: 0, destroy: connection.destroy };
    live.set(key, entry);
  }
  entry.users++;
  const held = entry;
  let released = false;
  return {
    connection: held.connection,
    release() {
      if (released) return;
      released = true;
      held.users--;
      setTimeout(() => {
        if (held.users === 0 && live.get(key) === held) {
          live.delete(key);
          held.destroy();
        }
      });
    },
  };
}

/**
 * Holds at most one share of a connection for an element, and changes it only when the configuration
 * changes: the old share is released before the new one is taken.
 */
export class ConnectionHolder {
  #held?: { key: string; connection: NotifConnection; release(): void };

  /** The connection held, if any. */
  get connection(): NotifConnection | undefined {
    return this.#held?.connection;
  }

  /**
   * Holds the connection for `config`, or none when it is undefined. `variant` tells apart configurations
   * that are equal in their attributes but not in their client options (a new `headers` or `fetch`).
   */
  hold(config: ConnectionConfig | undefined, variant = ''): void {
    const key = config ? JSON.stringify([connectionKey(config), variant]) : '';
    if (key === (this.#held?.key ?? '')) return;
    this.#held?.release();
    this.#held = undefined;
    if (config) this.#held = { key, ...acquireConnection(config) };
  }

  /** Lets go of the connection held. */
  release(): void {
    this.hold(undefined);
  }
}
