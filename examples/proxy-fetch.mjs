// A fetch-style handler (`export default { fetch }`, as Cloudflare Workers, Bun and `deno serve` run it) that
// mounts the notification proxy under /notif-api. Point the elements at it:
// <notif-provider base-url="/notif-api" ...>. Configure NOTIF_BASE_URL and NOTIF_API_KEY as secrets.
import { createNotifProxy } from 'notif-elements/proxy';

// ─── Plug your app's real authentication here ──────────────────────────────────────────────────────────
// Return the signed-in user's subscriber id, or null when nobody is signed in: verify YOUR session cookie
// or token (a session store lookup, a signed JWT...). Never trust a user id sent by the browser.
// This Map is a stand-in so the example runs: it is not authentication.
const sessions = new Map([['demo-session-token', 'usr_priya_raman']]);
async function authenticate(request) {
  const token = /(?:^|;\s*)session=([^;]*)/.exec(request.headers.get('cookie') ?? '')?.[1];
  return (token && sessions.get(decodeURIComponent(token))) || null;
}
// ────────────────────────────────────────────────────────────────────────────────────────────────────────

let proxy;

export default {
  async fetch(request, env) {
    if (!new URL(request.url).pathname.startsWith('/notif-api/')) {
      return new Response('Not found', { status: 404 }); // the rest of your app goes here
    }
    // Workers pass secrets as `env`; Bun and Deno read them from the process environment.
    const config = env?.NOTIF_API_KEY ? env : (globalThis.process?.env ?? globalThis.Deno?.env.toObject());
    proxy ??= createNotifProxy({
      baseUrl: config.NOTIF_BASE_URL,
      apiKey: config.NOTIF_API_KEY,
      basePath: '/notif-api',
      authenticate,
    });
    return proxy(request);
  },
};
