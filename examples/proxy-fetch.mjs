// A fetch-style handler (`export default { fetch }`, as Cloudflare Workers, Bun and `deno serve` run it) that
// mounts the notification proxy under /notif-api. Point the elements at it:
// <notif-provider base-url="/notif-api" ...>. Configure NOTIF_BASE_URL and NOTIF_API_KEY as secrets.
//
//   bun examples/proxy-fetch.mjs            deno serve --allow-env --allow-net examples/proxy-fetch.mjs
//
// The live edge is on: GET /notif-api/stream answers Server-Sent Events (the Response's body is a stream the
// runtime sends as it comes) and GET /notif-api/counts the unseen and unread counts. The streams live in this
// process: on a runtime that spreads requests over many isolates, give every instance the same bus
// (`live: { bus }`, see notif-elements/proxy/redis) so that `proxy.publish(userId)` reaches them all.
import { createNotifProxy } from 'notif-elements/proxy';

// ─── Plug your app's real authentication here ──────────────────────────────────────────────────────────
// Return the signed-in user's subscriber id, or null when nobody is signed in: verify YOUR session cookie
// or token (a session store lookup, a signed JWT...). Never trust a user id sent by the browser.
// This Map is a stand-in so the example runs: it is not authentication.
const sessions = new Map([['demo-session-token', 'usr_priya_raman']]);
async function authenticate(request) {
  const token = /(?:^|;\s*)session=([^;]*)/.exec(request.headers.get('cookie') ?? '')?.[1];
  return (token && sessions.get(decodeCookie(token))) || null;
}
/** A malformed cookie (`%E0%A4%A`) is "not signed in", not an error. */
function decodeCookie(value) {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
// ────────────────────────────────────────────────────────────────────────────────────────────────────────

/** Every method the proxy forwards. */
const METHODS = ['GET', 'POST', 'PATCH'];
let proxy;

export default {
  async fetch(request, env) {
    // A thrown error would become the runtime's own error page: every failure is a JSON 500 instead.
    try {
      let url;
      try {
        url = new URL(request.url); // the runtime builds it from the Host header, which may be malformed
      } catch {
        return errorResponse(400, 'The Host header is not valid');
      }
      if (!url.pathname.startsWith('/notif-api/')) {
        return new Response('Not found', { status: 404 }); // the rest of your app goes here
      }
      if (!METHODS.includes(request.method)) {
        return errorResponse(405, `Method ${request.method} is not allowed`, { allow: METHODS.join(', ') });
      }
      // Workers pass secrets as `env`; Bun and Deno read them from the process environment.
      const config = env?.NOTIF_API_KEY ? env : (globalThis.process?.env ?? globalThis.Deno?.env.toObject());
      proxy ??= createNotifProxy({
        baseUrl: config.NOTIF_BASE_URL,
        apiKey: config.NOTIF_API_KEY,
        basePath: '/notif-api',
        authenticate,
        live: true,
      });
      return await proxy(request);
    } catch (error) {
      console.error('notif proxy:', error);
      return errorResponse(500, 'Internal server error');
    }
  },
};

/** An error of this handler's own, in the service's JSON error shape. */
function errorResponse(status, message, headers = {}) {
  const error = { 400: 'Bad Request', 405: 'Method Not Allowed', 500: 'Internal Server Error' }[status];
  return Response.json(
    { statusCode: status, message, error },
    { status, headers: { 'cache-control': 'no-store', ...headers } },
  );
}
