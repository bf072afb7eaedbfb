/**
 * `notif-elements/proxy/redis`: the live edge's bus over a Redis the app already runs, so that `publish` on
 * one server instance reaches the streams held by every other, the counts cache is shared and the watcher
 * polls once per subscriber across instances. Takes a client of `redis` (node-redis 4 and later) or
 * `ioredis`; neither package is imported (the client is typed by the few methods used), so neither becomes
 * a dependency. One Redis channel carries every notice; keys are `SET ... PX` values and `SET NX PX` leases.
 */
import type { NotifLiveBus } from './bus.js';

type MessageListener = (channel: string, message: string) => void;

/** The methods used of a node-redis client (`createClient()` of the `redis` package, version 4 or later). */
export interface NodeRedisClientLike {
  sendCommand(args: string[]): Promise<unknown>;
  subscribe(channel: string, listener: (message: string, channel: string) => void): Promise<unknown>;
  unsubscribe(channel: string): Promise<unknown>;
  duplicate(): NodeRedisClientLike;
  connect?(): Promise<unknown>;
  isOpen?: boolean;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  close?(): Promise<unknown>;
  quit?(): Promise<unknown>;
}

/** The methods used of an ioredis client (`new Redis()` of the `ioredis` package). */
export interface IoRedisClientLike {
  call(command: string, ...args: (string | number)[]): Promise<unknown>;
  subscribe(channel: string): Promise<unknown>;
  unsubscribe(channel: string): Promise<unknown>;
  duplicate(): IoRedisClientLike;
  on(event: 'message', listener: MessageListener): unknown;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  off?(event: 'message', listener: MessageListener): unknown;
  quit(): Promise<unknown>;
}

export type RedisClientLike = NodeRedisClientLike | IoRedisClientLike;

export interface RedisBusOptions {
  /**
   * The connection that subscribes (a subscribed Redis connection can send nothing else). Default: the
   * client's `duplicate()`, connected here and closed by `close()`.
   */
  subscriber?: RedisClientLike;
  /** Put before every key and the channel, so that several apps can share a Redis. Default `'notif:'`. */
  prefix?: string;
  /** Told of the subscriber connection's errors (Redis went away, for example). Default: ignored, since the proxy's `onError` hears of every call that failed (stage `'bus'`). */
  onError?(error: unknown): void;
}

export interface RedisBus extends NotifLiveBus {
  /** Stops listening, and closes the subscriber connection when it was made here. The client stays open. */
  close(): Promise<void>;
}

const isIoRedis = (client: RedisClientLike): client is IoRedisClientLike =>
  typeof (client as IoRedisClientLike).call === 'function';

/**
 * A bus over Redis for `createNotifProxy({ live: { bus } })`.
 *
 * @example
 * import { createClient } from 'redis';            // or: import Redis from 'ioredis'; const redis = new Redis(url);
 * const redis = await createClient({ url }).connect();
 * const bus = createRedisBus(redis);
 * const proxy = createNotifProxy({ ..., live: { bus } });
 */
export function createRedisBus(client: RedisClientLike, options: RedisBusOptions = {}): RedisBus {
  const prefix = options.prefix ?? 'notif:';
  const channel = `${prefix}live`;
  const listeners = new Set<(message: string) => void>();
  const hear = (message: string) => {
    for (const listener of [...listeners]) listener(message);
  };
  const command = (...args: (string | number)[]): Promise<unknown> =>
    isIoRedis(client)
      ? client.call(args[0] as string, ...args.slice(1))
      : client.sendCommand(args.map(String));

  let subscriber: RedisClientLike | undefined = options.subscriber;
  const own = !subscriber;
  let subscribing: Promise<void> | undefined;
  const onMessage = (from: string, message: string) => {
    if (from === channel) hear(message);
  };

  const subscribe = (): Promise<void> =>
    (subscribing ??= (async () => {
      subscriber ??= client.duplicate();
      const connection = subscriber;
      connection.on('error', (error: unknown) => options.onError?.(error));
      if (isIoRedis(connection)) {
        connection.on('message', onMessage);
        await connection.subscribe(channel);
      } else {
        if (connection.isOpen === false) await connection.connect?.();
        await connection.subscribe(channel, (message) => hear(message));
      }
    })().catch((error: unknown) => {
      subscribing = undefined; // the next subscriber tries again
      throw error;
    }));

  return {
    async publish(message) {
      await command('PUBLISH', channel, message);
    },
    async subscribe(listener) {
      const mine = (message: string) => listener(message);
      listeners.add(mine);
      try {
        await subscribe();
      } catch (error) {
        listeners.delete(mine);
        throw error;
      }
      return () => void listeners.delete(mine);
    },
    async get(key) {
      const value = await command('GET', prefix + key);
      return typeof value === 'string' ? value : null;
    },
    async set(key, value, ttlMs) {
      await command('SET', prefix + key, value, 'PX', Math.max(1, Math.round(ttlMs)));
    },
    async del(key) {
      await command('DEL', prefix + key);
    },
    async lease(key, ttlMs) {
      const taken = await command('SET', prefix + key, '1', 'NX', 'PX', Math.max(1, Math.round(ttlMs)));
      return taken === 'OK';
    },
    async close() {
      listeners.clear();
      const connection = subscriber;
      if (!connection || !subscribing) return;
      try {
        await subscribing;
        if (isIoRedis(connection)) connection.off?.('message', onMessage);
        await connection.unsubscribe(channel);
        if (own) {
          if (isIoRedis(connection)) await connection.quit();
          else await (connection.close ?? connection.quit)?.call(connection);
        }
      } catch (error) {
        options.onError?.(error);
      } finally {
        subscribing = undefined;
      }
    },
  };
}
