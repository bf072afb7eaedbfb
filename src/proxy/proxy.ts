/**
 * `createNotifProxy`: the server half of a browser deployment. The service only knows one secret API key, and
 * with it `GET /v1/messages` reads any subscriber's messages, so the key must stay on the server. The elements
 * call the app's backend instead, which runs this proxy: it authenticates the user with the app's own session,
 * forwards only the operations the elements need, pinned to that user's subscriber id, and adds the key.
 *
 * DOM-free: only `Request`, `Response`, `Headers`, `URL` and `fetch`, so it runs in Node 20+ and in
 * fetch-style runtimes (workers, edge functions, Deno, Bun).
 */
import { jsonType } from '../internal/json-type.js';
import { DEFAULT_MAX_BODY_BYTES, readAtMost, readJsonBody, utf8 } from './body.js';
import { downstreamHeaders, errorResponse, isNullBodyStatus, upstreamHeaders } from './responses.js';
import { matchRoute, servicePath, upstreamCall } from './routes.js';
import { secretMatcher } from './secret.js';

/** Where a failure reported to {@link NotifProxyOptions.onError} happened. */
export type NotifProxyErrorStage = 'authenticate' | 'upstream' | 'internal';

export interface NotifProxyOptions {
  /** The real service, for example `https://api.example-service.com` (a path prefix is kept). */
  baseUrl: string;
  /** The service's secret key, sent upstream as `Authorization: ApiKey <key>`. Never sent to the browser. */
  apiKey: string;
  /**
   * The signed-in user's subscriber id, from your app's own session (cookie, token...), or `null` when nobody
   * is signed in (the proxy answers 401). Never take the id from the request's path or query.
   */
  authenticate(request: Request): string | null | Promise<string | null>;
  /** The `fetch` used to call the service. Default: the global `fetch`. Always called with a URL string. */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /**
   * The prefix the proxy is mounted under, for example `/notif-api`, stripped before matching; requests
   * outside it are refused. Default `''`: the service path starts at the first `/v1/` or `/v2/`.
   */
  basePath?: string;
  /** Largest request body forwarded, in bytes; larger ones get 413. Default 65 536 (64 KiB). */
  maxBodyBytes?: number;
  /**
   * Largest response body taken from the service, in bytes. A longer one is not read further (the call is
   * aborted) and the browser gets 502. Default 10 485 760 (10 MiB).
   */
  maxResponseBytes?: number;
  /**
   * How long the service may take to answer, body included, in milliseconds. Past it the call is aborted and
   * the browser gets 504. Default 15 000; `0` waits as long as the browser does.
   */
  upstreamTimeoutMs?: number;
  /**
   * How long `authenticate` may take, in milliseconds. Past it the browser gets 503 (your session check is
   * unavailable, not the service) and the service is not called. Default 10 000; `0` waits as long as it takes.
   */
  authenticateTimeoutMs?: number;
  /**
   * Called with unexpected failures (your `authenticate` threw or timed out, the service could not be reached,
   * timed out or sent a response that was withheld), for your logs. The browser only ever gets a generic
   * message. Never receives the API key.
   */
  onError?(error: unknown, stage: NotifProxyErrorStage): void;
}

/** A fetch-style handler: one `Request` in, one `Response` out. It never rejects. */
export type NotifProxyHandler = (request: Request) => Promise<Response>;

/**
 * Creates the proxy handler. Forwards exactly:
 * - `GET /v1/messages`, with `subscriberId` and `channel=in_app` forced, `page`, `limit`, `transactionId`
 *   and `contextKeys` kept, every other query key dropped;
 * - `POST /v1/subscribers/{id}/messages/mark-as`, `GET` and `PATCH /v2/subscribers/{id}/preferences`, when
 *   `{id}` is the signed-in subscriber.
 *
 * Anything else is 403; a request without a signed-in user is 401, checked first. The service's answer is
 * passed on only when it is JSON (or empty), within `maxResponseBytes` and without the API key; otherwise
 * 502. "Without the key" means no run of 16 of its characters (fewer for a short key), plain or in the
 * encodings `secret.ts` lists (escapes, entities, base64, hex, nested); another encoding is not looked for. A service slower than `upstreamTimeoutMs` gives 504, an `authenticate` slower
 * than `authenticateTimeoutMs` 503.
 *
 * @example
 * const proxy = createNotifProxy({
 *   baseUrl: process.env.NOTIF_BASE_URL,
 *   apiKey: process.env.NOTIF_API_KEY,
 *   basePath: '/notif-api',
 *   authenticate: async (request) => (await getSession(request))?.userId ?? null,
 * });
 */
export function createNotifProxy(options: NotifProxyOptions): NotifProxyHandler {
  const { apiKey, authenticate, onError } = options;
  if (typeof apiKey !== 'string' || apiKey === '') {
    throw new TypeError('createNotifProxy: apiKey is required');
  }
  if (typeof authenticate !== 'function') {
    throw new TypeError('createNotifProxy: authenticate must be a function');
  }
  const baseUrl = parseBaseUrl(options.baseUrl);
  const basePath = options.basePath ?? '';
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxResponseBytes = options.maxResponseBytes ?? 10 * 1024 * 1024;
  const upstreamTimeoutMs = options.upstreamTimeoutMs ?? 15_000;
  const authenticateTimeoutMs = options.authenticateTimeoutMs ?? 10_000;
  const holdsKey = secretMatcher(apiKey);
  const doFetch = options.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init));

  const report = (error: unknown, stage: NotifProxyErrorStage): void => {
    try {
      onError?.(error, stage);
    } catch {
      // A failing logger must not turn into a failing request.
    }
  };

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const shownPath = url.pathname + url.search;
    const fail = (status: number, message: string) => errorResponse(status, shownPath, message, apiKey);

    let subscriberId: string | null | typeof TIMED_OUT;
    try {
      subscriberId = await withTimeout((async () => authenticate(request))(), authenticateTimeoutMs);
    } catch (error) {
      report(error, 'authenticate');
      return fail(500, 'Internal server error');
    }
    if (subscriberId === TIMED_OUT) {
      report(new Error(`authenticate did not answer within ${authenticateTimeoutMs} ms`), 'authenticate');
      return fail(503, 'Sign-in could not be checked in time');
    }
    if (subscriberId === null || subscriberId === undefined || subscriberId === '') {
      return fail(401, 'Unauthorized');
    }
    if (typeof subscriberId !== 'string') {
      report(new TypeError('authenticate must return a string or null'), 'authenticate');
      return fail(500, 'Internal server error');
    }

    const path = servicePath(url.pathname, basePath);
    const match = path === null ? null : matchRoute(request.method, path);
    if (!match) return fail(403, 'This operation is not available through the proxy');
    if (match.kind !== 'messages' && match.subscriberId !== subscriberId) {
      return fail(403, 'You can only access your own subscriber');
    }

    const call = upstreamCall(match, request.method, url.searchParams, subscriberId);
    const init: RequestInit = {
      method: call.method,
      headers: upstreamHeaders(request.headers, apiKey),
      redirect: 'manual',
    };
    if (call.hasBody) {
      const body = await readJsonBody(request, maxBodyBytes);
      if (!body.ok) return fail(body.status, body.message);
      init.body = body.text;
    }

    // Aborted when the browser goes away, and once the call is over whatever happened, so a late, endless or
    // oversized answer stops being read. (Left on the request's signal, `stop` only aborts it again.)
    const controller = new AbortController();
    const stop = () => controller.abort();
    if (request.signal?.aborted) stop();
    request.signal?.addEventListener('abort', stop);
    init.signal = controller.signal;
    let answer: [Response, Uint8Array<ArrayBuffer>] | typeof TIMED_OUT;
    try {
      answer = await withTimeout(
        (async () => {
          const response = await doFetch(`${baseUrl}${call.pathAndQuery}`, init);
          return [response, await readAtMost(response.body, maxResponseBytes, controller.signal)];
        })(),
        upstreamTimeoutMs,
      );
    } catch (error) {
      if (request.signal?.aborted) return fail(499, 'The request was cancelled');
      report(error, 'upstream');
      return fail(502, 'The notification service could not be reached');
    } finally {
      stop();
    }
    if (answer === TIMED_OUT) {
      report(new Error(`The service did not answer within ${upstreamTimeoutMs} ms`), 'upstream');
      return fail(504, 'The notification service did not answer in time');
    }
    const [upstream, bytes] = answer;
    const withhold = (reason: string) => {
      report(new Error(`The service's ${upstream.status} response was withheld: ${reason}`), 'upstream');
      return fail(502, 'The notification service sent an invalid response');
    };
    if (bytes.byteLength > maxResponseBytes) return withhold(`over ${maxResponseBytes} bytes`);
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      return withhold('not UTF-8');
    }
    // Belt and braces: a service that echoed the key (a debug page, a misconfigured gateway) must not leak it,
    // whole or a long piece of it, plain or in one of the encodings `secretMatcher` looks through.
    if (holdsKey(text)) return withhold('it held the API key');
    // Redirects are not followed (the key must not travel to another address) nor passed on.
    if (upstream.status < 200 || (upstream.status >= 300 && upstream.status < 400) || upstream.status > 599) {
      return withhold('bad status');
    }
    // Markup (or anything but JSON) from a misbehaving gateway must not be served on the app's origin.
    if (bytes.byteLength > 0 && !jsonType(upstream.headers.get('content-type'))) {
      return withhold('not JSON');
    }
    return new Response(isNullBodyStatus(upstream.status) || bytes.byteLength === 0 ? null : bytes, {
      status: upstream.status,
      headers: downstreamHeaders(upstream.headers, holdsKey),
    });
  }

  return async (request) => {
    try {
      return await handle(request);
    } catch (error) {
      report(error, 'internal');
      return errorResponse(500, '', 'Internal server error', apiKey);
    }
  };
}

function parseBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError('createNotifProxy: baseUrl must be an absolute http(s) URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError('createNotifProxy: baseUrl must be an absolute http(s) URL');
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

const TIMED_OUT = Symbol('timed out');

/** `promise`'s value, or {@link TIMED_OUT} once `ms` milliseconds have passed; `0` waits as long as it takes. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  if (!(ms > 0 && ms < 2 ** 31)) return promise;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof TIMED_OUT>((resolve) => (timer = setTimeout(resolve, ms, TIMED_OUT)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
