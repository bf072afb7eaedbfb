/// <reference types="node" />
/**
 * The demo's backend, as a Vite dev-server plugin:
 * - `/notif-api/*`: `notif-elements/proxy`, the way an app should serve the elements. The demo "session"
 *   is always Priya; the proxy adds the key and pins her id.
 * - `/v1/*`, `/v2/*`: the mock service itself, over real HTTP (it wants `Authorization: ApiKey mock-secret-key`).
 * - `POST /__demo/notify`: a notification arrives now. One also arrives every 20 seconds.
 * - `GET /__demo/requests`: the last changes that reached the service (method, path, body), for the page's
 *   "What reached the service" panel.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import { createMockService, type MockService } from '../src/mock/index.js';
import { createNotifProxy } from '../src/proxy/index.js';

export const DEMO_SUBSCRIBER = 'usr_priya_raman';
const ARRIVAL_EVERY_MS = 20_000;

const ARRIVALS = [
  {
    subject: 'Maya Chen mentioned you',
    content: 'Maya Chen mentioned you in Launch checklist: "Can you review the copy?"',
  },
  { subject: 'Build #4900 passed on main', content: 'All 1,284 tests passed in 6m 12s.' },
  {
    subject: 'New task assigned',
    content: 'Daniel Okafor assigned you PLAT-1201: Rotate the staging certificates.',
  },
  {
    subject: 'Your export is ready',
    content: 'invoices-2025-11.csv (2.4 MB) is ready to download for 7 days.',
  },
];

export function demoServer(): Plugin {
  let mock: MockService;
  let timer: ReturnType<typeof setInterval> | undefined;
  let count = 0;
  const arrive = () => mock.addMessage(DEMO_SUBSCRIBER, ARRIVALS[count++ % ARRIVALS.length]);
  return {
    name: 'notif-demo-server',
    apply: 'serve',
    configureServer(server) {
      mock = createMockService();
      const proxy = createNotifProxy({
        baseUrl: 'http://mock.internal',
        apiKey: mock.apiKey,
        fetch: mock.fetch,
        basePath: '/notif-api',
        authenticate: () => DEMO_SUBSCRIBER,
      });
      timer = setInterval(arrive, ARRIVAL_EVERY_MS);
      server.httpServer?.once('close', () => clearInterval(timer));
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? '';
        if (req.method === 'POST' && url === '/__demo/notify') {
          arrive();
          res.statusCode = 204;
          res.end();
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
        if (url.startsWith('/notif-api/')) void serve(req, res, proxy, PROXY_METHODS);
        else if (/^\/v[12]\//.test(url)) void serve(req, res, mock.handle, MOCK_METHODS);
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
    await send(await handler(await toRequest(req, url, method)), res);
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

async function toRequest(req: IncomingMessage, url: URL, method: string): Promise<Request> {
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
  });
}

async function send(response: Response, res: ServerResponse): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.end(Buffer.from(await response.arrayBuffer()));
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
