/**
 * The bus the live edge uses to reach the streams held by other instances of the app's server, share the
 * counts cache and hold the watcher's lease. In one process the default {@link createMemoryBus} is enough;
 * `notif-elements/proxy/redis` adapts a Redis client the app already has.
 */

/** What every instance shares. Each call may reject or hang: the proxy bounds it and falls back to local. */
export interface NotifLiveBus {
  /** Sends `message` to every instance subscribed, this one included. */
  publish(message: string): Promise<void>;
  /** Hears every message published by any instance. Resolves, once subscribed, to a function that stops it. */
  subscribe(listener: (message: string) => void): Promise<() => void>;
  /** A shared value, or `null` when absent or expired. */
  get(key: string): Promise<string | null>;
  /** Sets a shared value for `ttlMs` milliseconds. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Removes a shared value. */
  del(key: string): Promise<void>;
  /** Takes `key` for `ttlMs` when nobody holds it (Redis `SET NX PX`): `true` when this call took it. */
  lease(key: string, ttlMs: number): Promise<boolean>;
}

/**
 * A bus inside one process: the default, one per proxy. Pass one to several proxies in a process (tests,
 * several mounts) and they behave as instances sharing a Redis would.
 */
export function createMemoryBus(): NotifLiveBus {
  const listeners = new Set<(message: string) => void>();
  const values = new Map<string, { value: string; until: number }>();
  const read = (key: string): string | null => {
    const entry = values.get(key);
    if (entry && entry.until > Date.now()) return entry.value;
    values.delete(key);
    return null;
  };
  const write = (key: string, value: string, ttlMs: number): void => {
    values.delete(key); // re-inserted last: the oldest entries come first when the map is trimmed
    values.set(key, { value, until: Date.now() + ttlMs });
    if (values.size > MEMORY_BUS_MAX_KEYS) {
      for (const [old] of values) {
        values.delete(old);
        if (values.size <= MEMORY_BUS_MAX_KEYS * 0.9) break;
      }
    }
  };
  return {
    async publish(message) {
      // Later, like a network bus: a listener never runs inside the publisher's call.
      for (const listener of [...listeners]) queueMicrotask(() => listener(message));
    },
    async subscribe(listener) {
      const own = (message: string) => listener(message);
      listeners.add(own);
      return () => void listeners.delete(own);
    },
    async get(key) {
      return read(key);
    },
    async set(key, value, ttlMs) {
      write(key, value, ttlMs);
    },
    async del(key) {
      values.delete(key);
    },
    async lease(key, ttlMs) {
      if (read(key) !== null) return false;
      write(key, '1', ttlMs);
      return true;
    },
  };
}

/** Entries a memory bus keeps at most (expired ones go first as they are read; then the oldest written). */
const MEMORY_BUS_MAX_KEYS = 100_000;
