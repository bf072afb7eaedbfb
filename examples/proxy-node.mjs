// A plain node:http server (Node 20+) that mounts the notification proxy under /notif-api, so the page's
// elements use <notif-provider base-url="/notif-api" ...> and the service's API key stays on this server.
//
//   NOTIF_BASE_URL=https://api.example-service.com NOTIF_API_KEY=... node examples/proxy-node.mjs
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { createNotifProxy } from 'notif-elements/proxy';

const { NOTIF_BASE_URL, NOTIF_API_KEY, PORT = '3000' } = process.env;
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
});

createServer(async (req, res) => {
  if (!req.url?.startsWith('/notif-api/')) {
    res.writeHead(404).end(); // the rest of your app goes here
    return;
  }
  // IncomingMessage -> Request. The body stays a stream, so the proxy's size cap stops oversized uploads early.
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort(); // the browser went away: cancel the upstream call
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url}`, {
    method: req.method,
    headers,
    body: hasBody ? Readable.toWeb(req) : undefined,
    duplex: 'half', // required by Node's fetch for a streamed body
    signal: controller.signal,
  });

  // Response -> ServerResponse. The proxy never rejects: every failure is already a JSON error response.
  const response = await proxy(request);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}).listen(Number(PORT), () => console.log(`Listening on http://localhost:${PORT}/notif-api/`));

function readCookie(header, name) {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}
