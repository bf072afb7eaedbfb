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
import {
  matchRoute,
  servicePath,
  subscriberBodyRefusal,
  SUBSCRIBER_OPTIONAL_FIELDS,
  SUBSCRIBER_SELF_FIELDS,
  upstreamCall,
} from './routes.js';
import type { NotifLiveOptions } from './live-types.js';
import type { Live, MessagePage } from './live.js';
import { secretMatcher } from './secret.js';
import { TIMED_OUT, withTimeout } from './timeout.js';

/** Where a failure reported to {@link NotifProxyOptions.onError} happened. */
export type NotifProxyErrorStage = 'authenticate' | 'upstream' | 'bus' | 'internal';

export interface NotifProxyOptions {
  /** The real service, for example `https://api.example-service.com` (a path prefix is kept). */
  baseUrl: string;
  /** The service's secret key, sent upstream as `Authorization: ApiKey <key>`. Never sent to the browser. */
  apiKey: string;
  /**
   * The signed-in user's subscriber id, from your app's own session (cookie, token...), or `null` when nobody
   * is signed in (the proxy answers 401). Never take the id from the request's path or query.
   *
   * Return `{ subscriberId, contextKeys }` to pin the session to a scope (a tenant): the context keys it may
   * see. List requests and counts are then held inside them: a request naming no key gets them all, one
   * naming a key outside them gets 403 (see {@link NotifSession}).
   */
  authenticate(request: Request): string | NotifSession | null | Promise<string | NotifSession | null>;
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
  /**
   * The live edge, off unless set (`true` for the defaults): `GET {basePath}/stream` (Server-Sent Events),
   * `GET {basePath}/counts`, `publish()` and the watcher. See `live.ts` for the contract and each option.
   */
  live?: boolean | NotifLiveOptions;
  /**
   * Fields of the subscriber, besides `timezone` and `locale`, that the signed-in user may change on
   * themself through `PATCH /v2/subscribers/{id}` (any of `firstName`, `lastName`, `email`, `phone`,
   * `avatar`, `data`). Default none: a body with any other field than those two gets 403.
   */
  subscriberFields?: readonly (typeof SUBSCRIBER_OPTIONAL_FIELDS)[number][];
}

/**
 * A signed-in session pinned to a scope. `contextKeys` are the only keys its list requests (and counts) may
 * name: the proxy adds them all to a request that names none, and refuses (403) a request naming any other.
 * It never lets a browser's key through unchecked, because the service's matching of several keys is not
 * specified (every key, or any): a key outside the scope could widen the list as well as narrow it.
 * An empty or absent `contextKeys` pins nothing (the session sees all its subscriber's messages).
 */
export interface NotifSession {
  subscriberId: string;
  contextKeys?: readonly string[];
}

/** Who is signed in, as the proxy uses it: the subscriber and the keys pinned (empty: none). */
interface Signed {
  id: string;
  pinned: readonly string[];
}

/** A fetch-style handler: one `Request` in, one `Response` out. It never rejects. */
export interface NotifProxyHandler {
  (request: Request): Promise<Response>;
  /**
   * Tells every open stream of `subscriberId` (on every instance sharing the bus) that its inbox changed. Call
   * it right after triggering a workflow for that subscriber. Resolves once the news is sent: with fresh counts
   * when the service gives them within `publishWaitMs`, else with `counts: null`, the counts following in a
   * second event. Never rejects; does nothing without `live`.
   */
  publish(subscriberId: string): Promise<void>;
  /** Ends every open stream and stops the live edge's timers. The bus itself stays open (it is yours). */
  close(): void;
}

/**
 * Creates the proxy handler. Forwards exactly:
 * - `GET /v1/messages`, with `subscriberId` and `channel=in_app` forced, `page`, `limit`, `transactionId`
 *   and `contextKeys` kept, every other query key dropped;
 * - `POST /v1/subscribers/{id}/messages/mark-as`, `GET` and `PATCH /v2/subscribers/{id}/preferences`, when
 *   `{id}` is the signed-in subscriber;
 * - `PATCH /v2/subscribers/{id}` (update a subscriber), when `{id}` is the signed-in subscriber and the body
 *   sets only `timezone` and `locale` (plus the fields named in `subscriberFields`); another field gets 403.
 *
 * With `live`, also `GET {basePath}/stream` and `GET {basePath}/counts` for the signed-in subscriber (see
 * `live.ts`). Anything else is 403; a request without a signed-in user is 401, checked first. The service's answer is
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
  const subscriberFields = new Set<string>([
    ...SUBSCRIBER_SELF_FIELDS,
    ...(options.subscriberFields ?? []).filter((field) =>
      (SUBSCRIBER_OPTIONAL_FIELDS as readonly string[]).includes(field),
    ),
  ]);
  const doFetch = options.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init));
  const failWith = (status: number, path: string, message: string, headers: Record<string, string> = {}) => {
    const response = errorResponse(status, path, message, apiKey);
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  };

  const report = (error: unknown, stage: NotifProxyErrorStage): void => {
    try {
      onError?.(error, stage);
    } catch {
      // A failing logger must not turn into a failing request.
    }
  };

  /** Who is signed in: the id and pinned keys, `null` for nobody, or a status when it could not be told (reported). */
  async function signedIn(request: Request): Promise<Signed | null | 500 | 503> {
    let answer: string | NotifSession | null | typeof TIMED_OUT;
    try {
      answer = await withTimeout((async () => authenticate(request))(), authenticateTimeoutMs);
    } catch (error) {
      report(error, 'authenticate');
      return 500;
    }
    if (answer === TIMED_OUT) {
      report(new Error(`authenticate did not answer within ${authenticateTimeoutMs} ms`), 'authenticate');
      return 503;
    }
    if (answer === null || answer === undefined || answer === '') return null;
    const session = typeof answer === 'string' ? { subscriberId: answer } : answer;
    const { subscriberId, contextKeys } = session as Partial<NotifSession>;
    if (subscriberId === null || subscriberId === undefined || subscriberId === '') return null;
    const keysOk =
      contextKeys === undefined ||
      (Array.isArray(contextKeys) && contextKeys.every((k) => typeof k === 'string' && k !== ''));
    if (typeof subscriberId !== 'string' || !keysOk) {
      report(
        new TypeError('authenticate must return a string, { subscriberId, contextKeys? } or null'),
        'authenticate',
      );
      return 500;
    }
    return { id: subscriberId, pinned: [...new Set(contextKeys ?? [])] };
  }

  /** One page of the subscriber's in-app messages, for counting and watching: only ids and flags are kept. */
  async function listPage(
    subscriberId: string,
    page: number,
    limit: number,
    contextKeys: readonly string[] = [],
  ): Promise<MessagePage> {
    const query = new URLSearchParams({
      subscriberId,
      channel: 'in_app',
      page: String(page),
      limit: String(limit),
    });
    for (const key of contextKeys) query.append('contextKeys', key);
    const controller = new AbortController();
    try {
      const answer = await withTimeout(
        (async () => {
          const response = await doFetch(`${baseUrl}/v1/messages?${query}`, {
            method: 'GET',
            headers: upstreamHeaders(new Headers({ accept: 'application/json' }), apiKey),
            redirect: 'manual',
            signal: controller.signal,
          });
          const bytes = await readAtMost(response.body, maxResponseBytes, controller.signal);
          if (response.status !== 200) throw new Error(`The service answered ${response.status}`);
          if (bytes.byteLength > maxResponseBytes)
            throw new Error(`The service's page is over ${maxResponseBytes} bytes`);
          return JSON.parse(utf8.decode(bytes)) as unknown;
        })(),
        upstreamTimeoutMs,
      );
      if (answer === TIMED_OUT) throw new Error(`The service did not answer within ${upstreamTimeoutMs} ms`);
      return readPage(answer);
    } finally {
      controller.abort();
    }
  }

  // Loaded only when turned on, so an app without it does not ship it (`import()`: its own chunk).
  const liveOptions = options.live === true ? {} : options.live || null;
  const live: Promise<Live> | null = liveOptions
    ? import('./live.js').then(({ createLive }) =>
        createLive(
          {
            listPage,
            whoIs: async (request) => {
              const who = await signedIn(request);
              return typeof who === 'number' ? undefined : (who?.id ?? null);
            },
            report: (error, stage) => report(error, stage),
            fail: failWith,
          },
          liveOptions,
        ),
      )
    : null;

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const shownPath = url.pathname + url.search;
    const fail = (status: number, message: string) => errorResponse(status, shownPath, message, apiKey);

    const signed = await signedIn(request);
    if (signed === 500) return fail(500, 'Internal server error');
    if (signed === 503) return fail(503, 'Sign-in could not be checked in time');
    if (signed === null) return fail(401, 'Unauthorized');
    const { id: subscriberId, pinned } = signed;
    // The context keys the request may use: its own, inside the session's scope when one is pinned.
    const keys = scopeKeys(url.searchParams.getAll('contextKeys'), pinned);
    const outOfScope = () => fail(403, 'These context keys are outside your scope');

    // The live edge's own routes, pinned to the signed-in subscriber: nothing in the request names another.
    const liveRoute = live && request.method === 'GET' ? liveRouteOf(url.pathname, basePath) : null;
    if (liveRoute === 'stream')
      return (await live!).stream(request, subscriberId, shownPath, pinned.length > 0);
    if (liveRoute === 'counts') {
      if (keys === null) return outOfScope();
      return (await live!).counts(subscriberId, shownPath, keys);
    }

    const path = servicePath(url.pathname, basePath);
    const match = path === null ? null : matchRoute(request.method, path);
    if (!match) return fail(403, 'This operation is not available through the proxy');
    if (match.kind !== 'messages' && match.subscriberId !== subscriberId) {
      return fail(403, 'You can only access your own subscriber');
    }

    let query = url.searchParams;
    if (match.kind === 'messages' && pinned.length > 0) {
      if (keys === null) return outOfScope();
      query = new URLSearchParams(query);
      query.delete('contextKeys');
      for (const key of keys) query.append('contextKeys', key);
    }
    const call = upstreamCall(match, request.method, query, subscriberId);
    const init: RequestInit = {
      method: call.method,
      headers: upstreamHeaders(request.headers, apiKey),
      redirect: 'manual',
    };
    if (call.hasBody) {
      const body = await readJsonBody(request, maxBodyBytes);
      if (!body.ok) return fail(body.status, body.message);
      if (match.kind === 'subscriber') {
        const refusal = subscriberBodyRefusal(body.text, subscriberFields);
        if (refusal) return fail(403, refusal);
      }
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
    // A mark that went through changes the counts: recount and tell the subscriber's streams (not awaited).
    if (live && match.kind === 'mark-as' && upstream.status >= 200 && upstream.status < 300) {
      live.then((edge) => edge.changed(subscriberId, 'mark')).catch((error) => report(error, 'internal'));
    }
    return new Response(isNullBodyStatus(upstream.status) || bytes.byteLength === 0 ? null : bytes, {
      status: upstream.status,
      headers: downstreamHeaders(upstream.headers, holdsKey),
    });
  }

  const handler = async (request: Request): Promise<Response> => {
    try {
      return await handle(request);
    } catch (error) {
      report(error, 'internal');
      return errorResponse(500, '', 'Internal server error', apiKey);
    }
  };
  return Object.assign(handler, {
    async publish(subscriberId: string): Promise<void> {
      if (!live || typeof subscriberId !== 'string' || subscriberId === '') return;
      try {
        await (await live).changed(subscriberId, 'publish');
      } catch (error) {
        report(error, 'internal');
      }
    },
    close(): void {
      live?.then((edge) => edge.close()).catch((error) => report(error, 'internal'));
    },
  });
}

/**
 * The context keys a request may use: those it names when no scope is pinned; inside a pinned scope, those it
 * names if every one is in the scope (else `null`: refused), or the whole scope when it names none.
 */
export function scopeKeys(asked: readonly string[], pinned: readonly string[]): string[] | null {
  const named = [...new Set(asked.filter((key) => key !== ''))];
  if (pinned.length === 0) return named;
  if (named.length === 0) return [...pinned];
  return named.every((key) => pinned.includes(key)) ? named : null;
}

/** `stream` or `counts` when `pathname` is one of the live edge's routes (`{basePath}/stream`...). */
function liveRouteOf(pathname: string, basePath: string): 'stream' | 'counts' | null {
  const base = basePath.replace(/\/+$/, '');
  const prefix = base === '' ? '' : base.startsWith('/') ? base : `/${base}`;
  if (pathname === `${prefix}/stream`) return 'stream';
  if (pathname === `${prefix}/counts`) return 'counts';
  return null;
}

/** A page of `GET /v1/messages`, checked and reduced to ids and flags; throws when it has another shape. */
function readPage(value: unknown): MessagePage {
  const page = value as { data?: unknown; hasMore?: unknown } | null;
  if (!page || !Array.isArray(page.data) || typeof page.hasMore !== 'boolean') {
    throw new Error('The service sent a page of another shape');
  }
  const items = page.data.map((item: unknown) => {
    const message = item as { _id?: unknown; read?: unknown; seen?: unknown } | null;
    return {
      id: typeof message?._id === 'string' ? message._id : '',
      read: message?.read === true,
      seen: message?.seen === true,
    };
  });
  return { items, hasMore: page.hasMore };
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
