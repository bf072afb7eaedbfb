/// <reference types="node" />
/**
 * The demo's backend, as a Vite dev-server plugin:
 * - `/notif-api/*`: `notif-elements/proxy`, the way an app should serve the elements. The demo "session"
 *   is always Priya; the proxy adds the key and pins her id. Its live edge is on: `/notif-api/stream` (events)
 *   and `/notif-api/counts`; every arrival is published, as an app's backend would after a trigger.
 * - `/v1/*`, `/v2/*`: the mock service itself, over real HTTP (it wants `Authorization: ApiKey mock-secret-key`).
 * - `POST /__demo/notify`: a notification arrives now. One also arrives every 20 seconds.
 * - `GET /__demo/requests`: the last changes that reached the service (method, path, body), for the page's
 *   "What reached the service" panel.
 * - `GET /demo/avatars/<name>.svg`: a picture made here from the name (initials on a coloured square), so that
 *   avatars show offline. The demo's mock points its avatars there instead of the fixtures' `*.example.com`.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Plugin } from 'vite';
import type { Message } from '../src/client/types.js';
import { createMockService, type MockService } from '../src/mock/index.js';
import { createNotifProxy, type NotifProxyHandler } from '../src/proxy/index.js';

export const DEMO_SUBSCRIBER = 'usr_priya_raman';
const ARRIVAL_EVERY_MS = 20_000;

/** Where the demo serves avatar pictures: `/demo/avatars/maya-chen.svg`. */
const AVATAR_PATH = /^\/demo\/avatars\/([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/;
const avatar = (name: string) => `/demo/avatars/${name}.svg`;
const buttons = (...labels: string[]): NonNullable<Message['cta']['action']> => ({
  status: 'pending',
  buttons: labels.map((content, index) => ({ type: index === 0 ? 'primary' : 'secondary', content })),
});

/**
 * What arrives every 20 seconds, in turn. Every field that `addMessage` would otherwise pick from its own
 * cycle of kinds (workflow, CTA, payload, avatar) is given, so that each message's buttons match its kind;
 * `avatar: undefined` drops the picture of whichever kind's sender `addMessage` picked. The URLs are the app's
 * own paths: the page shows where it would go instead of going there.
 */
const ARRIVALS: Partial<Message>[] = [
  {
    templateIdentifier: 'comment-mention',
    subject: 'Maya Chen mentioned you',
    content: 'Maya Chen mentioned you in Launch checklist: "Can you review the copy?"',
    cta: {
      type: 'redirect',
      data: { url: '/projects/launch-checklist/comments/c_9120' },
      action: buttons('Reply', 'View thread'),
    },
    payload: {
      actor: { id: 'usr_maya_chen', name: 'Maya Chen' },
      project: { id: 'prj_launch', name: 'Launch checklist' },
      commentId: 'c_9120',
    },
    avatar: avatar('maya-chen'),
  },
  {
    templateIdentifier: 'build-status',
    subject: 'Build #4900 passed on main',
    content: 'All 1,284 tests passed in 6m 12s.',
    cta: { type: 'redirect', data: { url: '/builds/4900' }, action: buttons('View logs') },
    payload: { build: { number: 4900, branch: 'main' }, status: 'passed' },
    avatar: undefined,
  },
  {
    templateIdentifier: 'task-assigned',
    subject: 'New task assigned',
    content: 'Daniel Okafor assigned you PLAT-1201: Rotate the staging certificates.',
    cta: { type: 'redirect', data: { url: '/tasks/PLAT-1201' }, action: buttons('Open task') },
    payload: {
      actor: { id: 'usr_daniel_okafor', name: 'Daniel Okafor' },
      task: { key: 'PLAT-1201', title: 'Rotate the staging certificates' },
    },
    avatar: avatar('daniel-okafor'),
  },
  {
    templateIdentifier: 'export-ready',
    subject: 'Your export is ready',
    content: 'invoices-2025-11.csv (2.4 MB) is ready to download for 7 days.',
    cta: { type: 'redirect', data: { url: '/exports/exp_241187' }, action: buttons('Download') },
    payload: { export: { id: 'exp_241187', name: 'invoices-2025-11.csv', format: 'csv' } },
    avatar: undefined,
  },
];

/** The fixtures' avatar URLs (`https://cdn.northwind.example.com/avatars/maya-chen.png`), which need a network. */
const FIXTURE_AVATAR = /^https:\/\/cdn\.northwind\.example\.com\/avatars\/([a-z0-9-]+)\.png$/;

/** Points the seeded avatars at the demo's own pictures. The shared fixtures stay as they are. */
function useDemoAvatars(mock: MockService): void {
  const local = <T extends string | null | undefined>(url: T): T | string => {
    const match = typeof url === 'string' ? FIXTURE_AVATAR.exec(url) : null;
    return match ? avatar(match[1]!) : url;
  };
  for (const message of mock.db.messages) message.avatar = local(message.avatar);
  for (const subscriber of mock.db.subscribers) subscriber.avatar = local(subscriber.avatar);
}

/** Background colours with white initials at a contrast of at least 4.5:1. */
const AVATAR_COLOURS = [
  '#1d4ed8',
  '#047857',
  '#b91c1c',
  '#6d28d9',
  '#a16207',
  '#0e7490',
  '#be185d',
  '#374151',
];

/** `maya-chen` -> an SVG of "MC" on a colour picked by the name. Only letters and digits reach the markup. */
function avatarSvg(name: string): string {
  const words = name.split('-').filter(Boolean);
  const initials = words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const colour = AVATAR_COLOURS[hash % AVATAR_COLOURS.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="72" height="72" viewBox="0 0 72 72">
  <rect width="72" height="72" rx="16" fill="${colour}"/>
  <text x="36" y="37" fill="#ffffff" font-family="system-ui, sans-serif" font-size="28" font-weight="600"
    text-anchor="middle" dominant-baseline="central">${initials}</text>
</svg>
`;
}

export function demoServer(): Plugin {
  let mock: MockService;
  let timer: ReturnType<typeof setInterval> | undefined;
  let count = 0;
  let proxy: NotifProxyHandler | undefined;
  const arrive = () => {
    mock.addMessage(DEMO_SUBSCRIBER, ARRIVALS[count++ % ARRIVALS.length]);
    void proxy?.publish(DEMO_SUBSCRIBER);
  };
  return {
    name: 'notif-demo-server',
    apply: 'serve',
    configureServer(server) {
      mock = createMockService();
      // The seeded messages load on demand. Requests wait for `ready` too, and its callbacks run in order,
      // so no response carries a fixture avatar.
      mock.ready.then(
        () => useDemoAvatars(mock),
        (error: unknown) =>
          server.config.logger.error(`[demo] the mock's seed did not load: ${String(error)}`),
      );
      const handler = createNotifProxy({
        baseUrl: 'http://mock.internal',
        apiKey: mock.apiKey,
        fetch: mock.fetch,
        basePath: '/notif-api',
        authenticate: () => DEMO_SUBSCRIBER,
        live: true,
      });
      proxy = handler;
      timer = setInterval(arrive, ARRIVAL_EVERY_MS);
      server.httpServer?.once('close', () => {
        clearInterval(timer);
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
        const picture = req.method === 'GET' ? AVATAR_PATH.exec(url) : null;
        if (picture) {
          res.writeHead(200, {
            'content-type': 'image/svg+xml; charset=utf-8',
            'cache-control': 'public, max-age=3600',
            'x-content-type-options': 'nosniff',
          });
          res.end(avatarSvg(picture[1]!));
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
