// The live edge over a real Redis (Debian's `redis-server`, started here on a free port), with both client
// packages an app may have: `redis` (node-redis) and `ioredis`. Two proxies share one Redis as two server
// instances would. Reads the BUILT dist/proxy.js and dist/proxy-redis.js.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { createMockService } from '../../dist/mock.js';
import { createNotifProxy } from '../../dist/proxy.js';
import { createRedisBus } from '../../dist/proxy-redis.js';
import { expectedCounts, sse, until } from './live-helpers.mjs';

const KEY = 'sk_live_redis_5b2c81f0aa3e9d17';
const PRIYA = 'usr_priya_raman';
const APP = 'https://app.test/notif-api';
const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
// On a developer's machine without Redis these tests are skipped; CI (.ci/run installs redis-server) must run them.
const skipRedis =
  !hasRedis && !process.env.CI && 'redis-server is not installed (apt-get install -y redis-server)';

async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

/** `redis-server` on `port`, without persistence; resolves once it accepts connections. */
async function startRedis(port) {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => (output += chunk));
  await until(() => output.includes('Ready to accept connections'), 10_000);
  return child;
}

async function stopRedis(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGKILL');
  await once(child, 'exit');
}

/** How many connections Redis has subscribed to `channel` (PUBSUB NUMSUB), through either client package. */
async function subscribers(client, channel) {
  const reply =
    typeof client.call === 'function'
      ? await client.call('PUBSUB', 'NUMSUB', channel)
      : await client.sendCommand(['PUBSUB', 'NUMSUB', channel]);
  return Number(reply[1]);
}

/** The two client packages: each makes a connected client on `port` whose errors are kept, not thrown. */
const CLIENTS = {
  redis: async (port, errors) => {
    const client = createClient({
      url: `redis://127.0.0.1:${port}`,
      socket: { reconnectStrategy: () => 50 },
    });
    client.on('error', (error) => errors.push(error));
    await client.connect();
    return { client, close: () => client.close?.() ?? client.quit() };
  },
  ioredis: async (port, errors) => {
    const client = new Redis({ port, host: '127.0.0.1', retryStrategy: () => 50, maxRetriesPerRequest: 1 });
    client.on('error', (error) => errors.push(error));
    await once(client, 'ready');
    return { client, close: () => client.quit() };
  },
};

for (const [name, connect] of Object.entries(CLIENTS)) {
  describe(`createRedisBus with ${name}`, { skip: skipRedis }, () => {
    let port;
    let server;
    const closers = [];

    before(async () => {
      port = await freePort();
      server = await startRedis(port);
    });
    after(async () => {
      while (closers.length)
        await closers
          .pop()()
          .catch(() => undefined);
      await stopRedis(server);
    });

    /** Two proxies on one Redis sharing one prefix. */
    async function pair(live = {}) {
      const mock = createMockService({ apiKey: KEY, latencyMs: 0 });
      const errors = [];
      const prefix = `test:${name}:${Math.random().toString(36).slice(2)}:`;
      const make = async () => {
        const { client, close } = await connect(port, errors);
        const bus = createRedisBus(client, { prefix, onError: (error) => errors.push(error) });
        const proxy = createNotifProxy({
          baseUrl: 'https://service.test',
          apiKey: KEY,
          basePath: '/notif-api',
          fetch: mock.fetch,
          authenticate: () => PRIYA,
          onError: (error, stage) => errors.push({ error, stage }),
          live: { watchIntervalMs: 0, busTimeoutMs: 300, ...live, bus },
        });
        closers.push(
          close,
          () => bus.close(),
          async () => proxy.close(),
        );
        const open = async () => {
          const events = sse(await proxy(new Request(`${APP}/stream`)));
          closers.push(async () => events.cancel());
          await events.nextEvent(); // hello
          return events;
        };
        return { proxy, open };
      };
      const a = await make();
      const b = await make();
      // Each live edge subscribes to the bus's channel as its proxy is made: wait until Redis counts both.
      const probe = await connect(port, []);
      await until(async () => (await subscribers(probe.client, `${prefix}live`)) >= 2);
      await probe.close();
      return { mock, errors, a, b };
    }

    const listRequests = (mock) =>
      mock.requests.filter((request) => request.method === 'GET' && request.path === '/v1/messages').length;

    test('publish on one instance reaches a stream held by the other', async () => {
      const { mock, a, b } = await pair();
      const events = await b.open();
      mock.addMessage(PRIYA);
      const started = performance.now();
      await a.proxy.publish(PRIYA);
      const { first, counts } = await events.withCounts();
      assert.ok(performance.now() - started < 1000);
      assert.equal(first.data.reason, 'publish');
      assert.deepEqual(counts, await expectedCounts(mock, PRIYA));
    });

    test('the counts cache is shared', async () => {
      const { mock, a, b } = await pair();
      const first = await (await a.proxy(new Request(`${APP}/counts`))).json();
      const before = listRequests(mock);
      const second = await (await b.proxy(new Request(`${APP}/counts`))).json();
      assert.deepEqual(second, first);
      assert.equal(listRequests(mock), before, 'the second instance read the counts from Redis');
    });

    test('the watcher polls once per subscriber across both instances', async () => {
      const { mock, a, b } = await pair({ watchIntervalMs: 150 });
      const one = await a.open();
      const two = await b.open(); // each after its hello
      const before = listRequests(mock);
      const started = performance.now();
      await until(() => listRequests(mock) - before >= 6, 5000);
      const polls = listRequests(mock) - before;
      const intervals = Math.ceil((performance.now() - started) / 150);
      // Both instances' timers fire every interval: without the shared lease, polls would come twice as fast.
      assert.ok(polls <= intervals + 1, `one poll per interval for two instances: ${polls} in ${intervals}`);
      mock.addMessage(PRIYA);
      assert.equal((await one.nextEvent(1500)).data.reason, 'watch');
      assert.equal((await two.nextEvent(1500)).data.reason, 'watch');
    });

    test('a Redis outage: local delivery goes on, onError hears of it (bus), and it recovers', async () => {
      const { mock, errors, a, b } = await pair();
      const mine = await a.open();
      const theirs = await b.open();
      await stopRedis(server);
      await a.proxy.publish(PRIYA);
      assert.equal((await mine.nextEvent()).data.reason, 'publish', 'the local stream still hears');
      await until(() => errors.some((entry) => entry.stage === 'bus'), 3000);

      server = await startRedis(port);
      // Once both clients have reconnected and resubscribed, publish reaches the other instance again.
      await until(async () => {
        await a.proxy.publish(PRIYA);
        await mine.nextEvent().catch(() => null);
        return (await theirs.nextEvent(300).catch(() => null))?.data?.reason === 'publish';
      }, 15_000);
      mock.addMessage(PRIYA);
    });
  });
}
