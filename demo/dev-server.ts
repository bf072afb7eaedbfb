/// <reference types="node" />
/**
 * The demo's backend, as a Vite dev-server plugin:
 * - `/notif-api/*`: `notif-elements/proxy`, the way an app should serve the elements. The demo "session" is
 *   Priya (or, for the empty state, Noor, who has no messages); the proxy adds the key and pins the id. Its
 *   live edge is on: `/notif-api/stream` (events) and `/notif-api/counts`; every arrival and every state
 *   change is published, as an app's backend would after a trigger.
 * - `/v1/*`, `/v2/*`: the mock service itself, over real HTTP (it wants `Authorization: ApiKey mock-secret-key`).
 * - `POST /__demo/notify`: a notification arrives now. One also arrives every 40 seconds, unless
 *   `POST /__demo/arrivals/off` stopped them (`/on` starts them again).
 * - `POST /__demo/state/<normal|empty|error|loading>`: a fresh mock (the demo's own messages, dated from now)
 *   in that state; answers `{ "state", "subscriberId", "live" }`: the subscriber the page should show, and
 *   whether messages arrive on their own.
 *   `GET /__demo/state` answers the same for the state the demo is in (a page opened later follows it).
 * - `GET /__demo/requests`: the last changes that reached the service (method, path, body), for the page's
 *   "What reached the service" panel.
 *
 * The mock runs on the demo's own messages (`demo-data.ts`), not on its default seed.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Plugin } from 'vite';
import { createMockService, EMPTY, PRIYA, type MockService } from '../src/mock/index.js';
import { createNotifProxy, type NotifProxyHandler } from '../src/proxy/index.js';
import { demoArrival, demoMessages } from './demo-data.js';

export const DEMO_SUBSCRIBER = PRIYA;
/** How often a message arrives on its own: often enough to see, rarely enough to read the inbox. */
const ARRIVAL_EVERY_MS = 40_000;
/** The latency of the "loading" state: under the client's and the proxy's 15-second timeouts. */
const SLOW_LATENCY_MS = 12_000;

/** The states the page's buttons put the demo in. */
const DEMO_STATES = ['normal', 'empty', 'error', 'loading'] as const;
type DemoState = (typeof DEMO_STATES)[number];
const STATE_PATH = /^\/__demo\/state\/([a-z]+)$/;

/** A mock with the demo's messages for Priya, dated from now. Noor (`usr_empty`) has none. */
function createDemoMock(state: DemoState): MockService {
  const mock = createMockService({ seed: { base: 'empty', messages: demoMessages(PRIYA, new Date()) } });
  if (state === 'error') mock.fail({ status: 503, method: 'GET', path: '/v1/messages', times: Infinity });
  if (state === 'loading') mock.setLatency(SLOW_LATENCY_MS);
  return mock;
}

export function demoServer(): Plugin {
  let mock = createDemoMock('normal');
  let current: DemoState = 'normal';
  let session: string = DEMO_SUBSCRIBER;
  let timer: ReturnType<typeof setInterval> | undefined;
  let count = 0;
  let proxy: NotifProxyHandler | undefined;
  const arrive = () => {
    mock.addMessage(session, demoArrival(count++));
    void proxy?.publish(session);
  };
  /** Arrivals on their own: on unless the page's "Arrive on their own" switch turned them off. */
  const setLive = (on: boolean) => {
    clearInterval(timer);
    timer = on ? setInterval(arrive, ARRIVAL_EVERY_MS) : undefined;
  };
  const answer = (res: ServerResponse) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ state: current, subscriberId: session, live: timer !== undefined }));
  };
  return {
    name: 'notif-demo-server',
    apply: 'serve',
    configureServer(server) {
      const handler = createNotifProxy({
        baseUrl: 'http://mock.internal',
        apiKey: mock.apiKey,
        // The mock of the moment: a state button replaces it.
        fetch: (input, init) => mock.fetch(input, init),
        basePath: '/notif-api',
        authenticate: () => session,
        live: true,
      });
      proxy = handler;
      setLive(true);
      server.httpServer?.once('close', () => {
        setLive(false);
        handler.close();
      });
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? '';
        if (req.method === 'POST' && url === '/__demo/notify') {
          arrive();
          res.statusCode = 204;
          res.end();
          return;
        }
        const state = req.method === 'POST' ? STATE_PATH.exec(url)?.[1] : undefined;
        if (state !== undefined) {
          if (!(DEMO_STATES as readonly string[]).includes(state)) {
            sendError(res, 404, `No demo state ${state}`);
            return;
          }
          current = state as DemoState;
          mock = createDemoMock(current);
          session = current === 'empty' ? EMPTY : DEMO_SUBSCRIBER;
          // Open pages refetch at once (the live edge's counts were of the mock just replaced).
          void proxy?.publish(DEMO_SUBSCRIBER);
          void proxy?.publish(EMPTY);
          answer(res);
          return;
        }
        if (req.method === 'GET' && url === '/__demo/state') {
          answer(res);
          return;
        }
        if (req.method === 'POST' && (url === '/__demo/arrivals/on' || url === '/__demo/arrivals/off')) {
          setLive(url.endsWith('/on'));
          answer(res);
          return;
        }
        if (req.method === 'GET' && url === '/__demo/requests') {
          const changes = mock.requests
            .filter((request) => request.method !== 'GET')
            .slice(-12)
            .map(({ method, path, body }) => ({ method, path, body }));
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify(changes));
          return;
        }
        if (url.startsWith('/notif-api/')) void serve(req, res, handler, PROXY_METHODS);
        else if (/^\/v[12]\//.test(url))
          void serve(req, res, (request) => mock.handle(request), MOCK_METHODS);
        else next();
      });
    },
  };
}

/** The methods each backend answers. Any other gets 405 before a `Request` is built (fetch refuses TRACE). */
const PROXY_METHODS = ['GET', 'POST', 'PATCH'];
const MOCK_METHODS = ['GET', 'POST', 'PUT', 'PATCH'];
/** `Host`: a name or IPv4 address, or an [IPv6] literal, and an optional port. Nothing that could add a path. */
const HOST_HEADER = /^(?:[\w.-]+|\[[\da-f:.]+\])(?::\d{1,5})?$/i;

/**
 * IncomingMessage -> `handler` -> ServerResponse. Never rejects: a disallowed method is 405, a malformed
 * `Host` 400, and any other failure a JSON 500 (not the dev server's HTML error page).
 */
async function serve(
  req: IncomingMessage,
  res: ServerResponse,
  handler: (request: Request) => Promise<Response>,
  methods: string[],
): Promise<void> {
  try {
    const method = req.method ?? 'GET';
    if (!methods.includes(method)) {
      sendError(res, 405, `Method ${method} is not allowed`, { allow: methods.join(', ') });
      return;
    }
    const url = requestUrl(req);
    if (!url) {
      sendError(res, 400, 'The Host header is not valid');
      return;
    }
    // The browser leaving cancels the request: an event stream then ends.
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    await send(await handler(await toRequest(req, url, method, controller.signal)), res);
  } catch (error) {
    console.error('demo server:', error);
    if (res.headersSent) res.destroy();
    else sendError(res, 500, 'Internal server error');
  }
}

/** The request's URL, or `null` when its `Host` header is malformed. */
function requestUrl(req: IncomingMessage): URL | null {
  const host = req.headers.host ?? 'localhost';
  if (!HOST_HEADER.test(host)) return null;
  try {
    return new URL(`http://${host}${req.url}`);
  } catch {
    return null;
  }
}

async function toRequest(
  req: IncomingMessage,
  url: URL,
  method: string,
  signal: AbortSignal,
): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  return new Request(url, {
    method,
    headers,
    body: method === 'GET' || chunks.length === 0 ? undefined : Buffer.concat(chunks),
    signal,
  });
}

async function send(response: Response, res: ServerResponse): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (!response.body) {
    res.end();
    return;
  }
  // Streamed with backpressure (an event stream never ends by itself); cancelled when the browser leaves.
  try {
    await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
  }
}

/** An error of the demo server's own, in the service's JSON error shape. */
function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(JSON.stringify({ statusCode: status, message, error: STATUS_CODES[status] }));
}
