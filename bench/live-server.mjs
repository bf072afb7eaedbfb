// The live edge's bench server: the BUILT proxy over the built mock on node:http, run by bench/live.mjs in
// a process of its own (with --expose-gc) so that its memory is the server's alone. `x-user: <id>` is the
// session. Besides /notif-api/*: POST /__publish?user=<id> calls proxy.publish, GET /__memory answers the
// heap and external memory after a collection, GET /__streams the streams held. Prints its port.
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createMockService } from '../dist/mock.js';
import { createNotifProxy } from '../dist/proxy.js';

const mock = createMockService({ latencyMs: 0, seed: 'empty' });
let open = 0;
const proxy = createNotifProxy({
  baseUrl: 'http://mock.internal',
  apiKey: mock.apiKey,
  fetch: mock.fetch,
  basePath: '/notif-api',
  authenticate: (request) => request.headers.get('x-user'),
  live: { watchIntervalMs: 0, maxStreamsPerSubscriber: 1_000, maxStreams: 20_000 },
});

const server = createServer(async (req, res) => {
  const url = new URL(req.url, 'http://bench.local');
  if (url.pathname === '/__publish') {
    const user = url.searchParams.get('user');
    // A workflow ran for the user: a message arrived, and the app's backend publishes.
    if (!mock.db.subscribers.some((subscriber) => subscriber.subscriberId === user)) mock.addSubscriber(user);
    mock.addMessage(user);
    await proxy.publish(user);
    res.end();
    return;
  }
  if (url.pathname === '/__memory') {
    globalThis.gc?.();
    const { heapUsed, external, arrayBuffers, rss } = process.memoryUsage();
    res.end(JSON.stringify({ heapUsed, external, arrayBuffers, rss, open }));
    return;
  }
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === 'string') headers.set(name, value);
  const response = await proxy(new Request(url, { headers, signal: controller.signal }));
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) return void res.end();
  const stream = url.pathname.endsWith('/stream') && response.status === 200;
  if (stream) open++;
  try {
    await pipeline(Readable.fromWeb(response.body), res);
  } catch {
    // the client left
  } finally {
    if (stream) open--;
  }
});
server.keepAliveTimeout = 0;
server.maxConnections = 30_000;
server.listen(0, '127.0.0.1', () => console.log(`port ${server.address().port}`));
