// A plain node:http server (Node 20+) that mounts the notification proxy under /notif-api, so the page's
// elements use <notif-provider base-url="/notif-api" ...> and the service's API key stays on this server.
//
//   NOTIF_BASE_URL=https://api.example-service.com NOTIF_API_KEY=... node examples/proxy-node.mjs
//
// PORT (default 3000; 0 picks a free one) and HOST (default: every interface) set where it listens.
//
// The live edge is on: GET /notif-api/stream (Server-Sent Events) and GET /notif-api/counts. Where your
// backend triggers a workflow for a user, call `await proxy.publish(userId)`, and that user's open pages hear
// of it at once. With several server instances, pass a shared bus: `live: { bus: createRedisBus(redis) }`
// (`notif-elements/proxy/redis`, with the `redis` or `ioredis` client your app already has).
import { createServer, STATUS_CODES } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createNotifProxy } from 'notif-elements/proxy';

const { NOTIF_BASE_URL, NOTIF_API_KEY, PORT = '3000', HOST } = process.env;
if (!NOTIF_BASE_URL || !NOTIF_API_KEY) throw new Error('Set NOTIF_BASE_URL and NOTIF_API_KEY');

// ─── Plug your app's real authentication here ──────────────────────────────────────────────────────────
// Return the signed-in user's subscriber id, or null when nobody is signed in. Resolve the session cookie
// with YOUR session store or auth library; never trust a user id sent by the browser. This Map is a
// stand-in so the example runs: it is not authentication.
const sessions = new Map([['demo-session-token', 'usr_priya_raman']]);
function authenticate(request) {
  const token = readCookie(request.headers.get('cookie'), 'session');
  return (token && sessions.get(token)) || null;
}
// ────────────────────────────────────────────────────────────────────────────────────────────────────────

const proxy = createNotifProxy({
  baseUrl: NOTIF_BASE_URL,
  apiKey: NOTIF_API_KEY,
  basePath: '/notif-api',
  authenticate,
  onError: (error, stage) => console.error(`notif proxy (${stage}):`, error),
  live: true,
});

/** Every method the proxy forwards. Others (TRACE, OPTIONS...) get 405 before a `Request` is built. */
const METHODS = ['GET', 'POST', 'PATCH'];
/** `Host`: a name or IPv4 address, or an [IPv6] literal, and an optional port. Nothing that could add a path. */
const HOST_HEADER = /^(?:[\w.-]+|\[[\da-f:.]+\])(?::\d{1,5})?$/i;

const server = createServer(async (req, res) => {
  // An async handler's rejection would be unhandled and stop the process: every failure becomes a 500 here.
  try {
    await handle(req, res);
  } catch (error) {
    console.error('notif proxy server:', error);
    if (res.headersSent) res.destroy();
    else sendError(res, 500, 'Internal server error');
  }
});
server.listen(Number(PORT), HOST, () => {
  const { address, port } = server.address();
  const host = HOST ? (address.includes(':') ? `[${address}]` : address) : 'localhost';
  console.log(`Listening on http://${host}:${port}/notif-api/`);
});

async function handle(req, res) {
  if (!req.url?.startsWith('/notif-api/')) {
    res.writeHead(404).end(); // the rest of your app goes here
    return;
  }
  if (!METHODS.includes(req.method)) {
    sendError(res, 405, `Method ${req.method} is not allowed`, { allow: METHODS.join(', ') });
    return;
  }
  // IncomingMessage -> Request. The URL is built from the browser's Host header: refuse a malformed one.
  const host = req.headers.host ?? 'localhost';
  let url;
  try {
    if (!HOST_HEADER.test(host)) throw new TypeError('malformed Host');
    url = new URL(`http://${host}${req.url}`);
  } catch {
    sendError(res, 400, 'The Host header is not valid');
    return;
  }
  // The body stays a stream, so the proxy's size cap stops oversized uploads early.
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort(); // the browser went away: cancel the upstream call
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const request = new Request(url, {
    method: req.method,
    headers,
    body: req.method === 'GET' ? undefined : Readable.toWeb(req),
    duplex: 'half', // required by Node's fetch for a streamed body
    signal: controller.signal,
  });

  // Response -> ServerResponse. The proxy never rejects: every failure is already a JSON error response.
  const response = await proxy(request);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) {
    res.end();
    return;
  }
  // Streamed, not buffered: an event stream never ends by itself. `pipeline` waits for the browser to take
  // each chunk (backpressure), and when the browser goes away it cancels the body, which ends the stream.
  try {
    await pipeline(Readable.fromWeb(response.body), res);
  } catch (error) {
    if (error?.code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
  }
}

/** An error of this server's own, in the service's JSON error shape. */
function sendError(res, status, message, headers = {}) {
  const body = JSON.stringify({ statusCode: status, message, error: STATUS_CODES[status] });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(body);
}

/** The cookie's value, or null when it is missing or malformed (a bad cookie is "not signed in", not an error). */
function readCookie(header, name) {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return null;
    }
  }
  return null;
}
