// The live edge's bench: how fast `publish` reaches a page, what an open stream costs the server, how fast one
// publish fans out to 1,000 streams, and how many requests the service gets from the watcher against today's
// polling. The server (bench/live-server.mjs: the built proxy over the built mock on node:http) runs in a
// process of its own, so its memory is its own; the streams are real HTTP connections from this process.
// `node bench/live.mjs` prints the measures as JSON; scripts/bench.mjs runs it as one group of its table.
import { execSync, spawn } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const occurrences = (text) => text.split('"reason":"publish"').length - 1;
const p95 = (values) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1];

/** Streams held at most: 5,000, fewer when the descriptor limit (two sockets a stream here) is lower. */
function streamsAllowed() {
  let limit = 1024;
  try {
    const text = execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim();
    limit = text === 'unlimited' ? 1e6 : Number(text);
  } catch {
    // keep the default
  }
  return Math.max(100, Math.min(5_000, Math.floor((limit - 500) / 2) - 1_100));
}

async function startServer() {
  const child = spawn(process.execPath, ['--expose-gc', join(ROOT, 'bench/live-server.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /port (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`bench/live-server.mjs exited (${code})`)));
  });
  return { port, stop: () => child.kill('SIGKILL') };
}

function call(port, path, method = 'GET') {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * One page's stream: counts the `publish` events it hears (the text is not kept). Resolves once the hello
 * came. `next(n)` resolves when `n` publish events have arrived, with the time.
 */
function openStream(port, user) {
  return new Promise((resolve, reject) => {
    const state = { publishes: 0, waiters: [], close: () => req.destroy() };
    let hello = false;
    let tail = '';
    const req = request(
      { host: '127.0.0.1', port, path: '/notif-api/stream', headers: { 'x-user': user }, agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream answered ${res.statusCode}`));
          return;
        }
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          // Counted across chunk boundaries: what lies wholly in the kept tail was counted last time.
          const text = tail + chunk;
          const now = performance.now();
          if (!hello && text.includes('"reason":"hello"')) {
            hello = true;
            resolve(state);
          }
          state.publishes += occurrences(text) - occurrences(tail);
          tail = text.slice(-40);
          state.waiters = state.waiters.filter((waiter) => {
            if (state.publishes < waiter.count) return true;
            waiter.resolve(now);
            return false;
          });
        });
      },
    );
    req.on('error', (error) => (hello ? undefined : reject(error)));
    state.next = (count) =>
      new Promise((done) => {
        if (state.publishes >= count) done(performance.now());
        else state.waiters.push({ count, resolve: done });
      });
    req.end();
  });
}

/** Opens `count` streams, `perUser` per subscriber named `${prefix}${n}`, a few hundred at a time. */
async function openMany(port, count, perUser, prefix) {
  const streams = [];
  for (let at = 0; at < count; at += 250) {
    const batch = [];
    for (let i = at; i < Math.min(count, at + 250); i++)
      batch.push(openStream(port, `${prefix}${Math.floor(i / perUser)}`));
    streams.push(...(await Promise.all(batch)));
  }
  return streams;
}

async function publishLatency(port) {
  const stream = await openStream(port, 'latency');
  const times = [];
  for (let i = 1; i <= 20; i++) {
    const started = performance.now();
    const heard = stream.next(i);
    await call(port, '/__publish?user=latency', 'POST');
    times.push((await heard) - started);
    await sleep(10);
  }
  stream.close();
  return times;
}

async function heldStreams(port, count) {
  const before = JSON.parse(await call(port, '/__memory'));
  const started = performance.now();
  const streams = await openMany(port, count, 10, 'held-');
  const openMs = performance.now() - started;
  await sleep(200);
  const after = JSON.parse(await call(port, '/__memory'));
  const perStream = (after.heapUsed + after.external - before.heapUsed - before.external) / count;
  return { streams, openMs, held: after.open, perStreamKB: perStream / 1024, rssMB: after.rss / 2 ** 20 };
}

async function fanOut(port) {
  const streams = await openMany(port, 1_000, 1_000, 'fan-');
  const waits = streams.map((stream) => stream.next(1));
  const started = performance.now();
  await call(port, '/__publish?user=fan-0', 'POST');
  const last = Math.max(...(await Promise.all(waits)));
  for (const stream of streams) stream.close();
  return last - started;
}

/**
 * Requests the service gets from 1,000 open streams of 100 subscribers with the watcher on and nothing
 * changing, measured over five intervals of 200 ms and scaled to a minute at 15 s (four polls a minute).
 */
async function watcherRequests() {
  const { createMockService } = await import(pathToFileURL(join(ROOT, 'dist/mock.js')).href);
  const { createNotifProxy } = await import(pathToFileURL(join(ROOT, 'dist/proxy.js')).href);
  const mock = createMockService({ latencyMs: 0, seed: 'empty' });
  const intervalMs = 200;
  const proxy = createNotifProxy({
    baseUrl: 'http://mock.internal',
    apiKey: mock.apiKey,
    fetch: mock.fetch,
    basePath: '/notif-api',
    authenticate: (request) => request.headers.get('x-user'),
    live: { watchIntervalMs: intervalMs, heartbeatMs: 60_000 },
  });
  const readers = [];
  for (let i = 0; i < 1_000; i++) {
    const response = await proxy(
      new Request('http://app.test/notif-api/stream', { headers: { 'x-user': `user-${i % 100}` } }),
    );
    const reader = response.body.getReader();
    readers.push(reader);
    (async () => {
      while (!(await reader.read()).done);
    })().catch(() => undefined);
  }
  await sleep(50); // the hellos' counts
  mock.clearRequests();
  await sleep(intervalMs * 5 + 20);
  const perInterval = mock.requests.length / 5;
  for (const reader of readers) reader.cancel().catch(() => undefined);
  proxy.close();
  return { perMinute: perInterval * (60_000 / 15_000), polledSubscribers: perInterval };
}

export async function measureLive() {
  const server = await startServer();
  try {
    const latency = await publishLatency(server.port);
    const count = streamsAllowed();
    const held = await heldStreams(server.port, count);
    const fan = await fanOut(server.port);
    for (const stream of held.streams) stream.close();
    const watcher = await watcherRequests();
    return {
      measured: {
        'live: publish to stream, median (ms)': median(latency),
        'live: publish to stream, p95 (ms)': p95(latency),
        'live: open streams held by one process': held.held,
        'live: server memory per open stream (KB)': held.perStreamKB,
        'live: one publish to 1,000 streams of one subscriber (ms)': fan,
        'live: service requests per minute, 1,000 streams of 100 subscribers, watcher 15 s':
          watcher.perMinute,
        'live: service requests per minute, polling today (1,000 pages, every 30 s)': 1_000 * 2,
      },
      details: { latency, streams: count, openMs: held.openMs, rssMB: held.rssMB, watcher },
    };
  } finally {
    server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await measureLive();
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
}
