// Type-checked only (`npm run typecheck`): the clients of both Redis packages fit `createRedisBus` as they are.
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { createRedisBus } from '../../src/proxy/redis.js';

export function busOverNodeRedis() {
  const client = createClient({ url: 'redis://127.0.0.1:6379' });
  return createRedisBus(client, { subscriber: client.duplicate() });
}

export function busOverIoRedis() {
  const client = new Redis(6379, '127.0.0.1', { lazyConnect: true });
  return createRedisBus(client, { subscriber: client.duplicate() });
}
