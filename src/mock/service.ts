import type { Message, Subscriber } from '../client/types.js';
import { defaultPreferences, findSubscriber, type Db } from './db.js';
import {
  badRequestMessage,
  defaultFaultFields,
  errorBody,
  HttpError,
  idempotencyKeyReused,
  missingKey,
  payloadTooLarge,
  routeNotFound,
  unsupportedMediaType,
  wrongKey,
} from './errors.js';
import { FaultQueue } from './faults.js';
import { ENVIRONMENT_ID, ORGANIZATION_ID } from './fixtures/subscribers.js';
import { buildMessage, nextKind } from './generate.js';
import { jsonTooDeep, MAX_JSON_DEPTH } from '../internal/json-depth.js';
import { jsonType } from '../internal/json-type.js';
import { buildResponse, delay, headersToRecord, RateWindow, throwIfAborted, untilSettled } from './http.js';
import { MAX_MESSAGES_PAGE } from './handlers/messages.js';
import { fingerprint, IdempotencyStore } from './idempotency.js';
import { objectId, type Random } from './random.js';
import { isMutation, matchRoute, servicePath } from './router.js';
import { createSeed } from './seed.js';
import type { FailOptions, MockService, MockServiceOptions, MockState, RequestLogEntry } from './types.js';

/** The API key the mock accepts unless `apiKey` says otherwise. */
export const DEFAULT_API_KEY = 'mock-secret-key';
/** In-app messages per seeded subscriber unless `messagesPerSubscriber` says otherwise. */
export const DEFAULT_MESSAGES_PER_SUBSCRIBER = 60;
/** The largest request body accepted unless `maxBodyBytes` says otherwise: 100 KiB, as the service. */
export const DEFAULT_MAX_BODY_BYTES = 100 * 1024;

/** The request body: parsed (or the error), and its size in bytes. */
type ParsedBody = { bytes: number } & (
  { ok: true; value: unknown } | { ok: false; value: string; error: string }
);

function parseBody(raw: ArrayBuffer): ParsedBody {
  const bytes = raw.byteLength;
  const text = new TextDecoder().decode(raw);
  if (text === '') return { bytes, ok: true, value: undefined };
  if (jsonTooDeep(text)) {
    return { bytes, ok: false, value: text, error: `JSON nested deeper than ${MAX_JSON_DEPTH} levels` };
  }
  try {
    return { bytes, ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const message = error instanceof Error ? error.message : 'Invalid JSON body';
    return { bytes, ok: false, value: text, error: message };
  }
}

function lowerCaseKeys(headers: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/** Where relative URLs point: the page in a browser, `http://localhost/` elsewhere. */
function resolveInput(input: RequestInfo | URL): RequestInfo | URL {
  if (typeof input !== 'string' || /^[a-z][a-z\d+.-]*:/i.test(input)) return input;
  const base = (globalThis as { location?: { href?: string } }).location?.href ?? 'http://localhost/';
  return new URL(input, base);
}

/** `ready` of a mock whose seed is complete. */
const SEEDED: Promise<void> = Promise.resolve();

/** Keeps `messages` newest first: a message goes before the first one that is not newer. */
function insertMessage(db: Db, message: Message): void {
  const at = Date.parse(message.createdAt);
  const index = db.messages.findIndex((other) => !(Date.parse(other.createdAt) > at));
  db.messages.splice(index < 0 ? db.messages.length : index, 0, message);
}

function assertCount(name: string, value: number, { integer = false } = {}): void {
  if (!(value >= 0) || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
    throw new RangeError(`${name} must be a non-negative ${integer ? 'integer' : 'number'}, got ${value}`);
  }
}

/**
 * An in-memory notification service for tests, stories and demos: the twelve operations of the client,
 * with the real service's envelopes, errors, authentication, idempotency and rate-limit headers, plus
 * fault injection, latency and a request log. DOM-free: runs in browsers and in Node 20.
 *
 * The default seed's messages and events are loaded on demand (a dynamic `import()`), so the first default
 * seed completes a moment after creation: requests wait for it, and `await mock.ready` before reading
 * `mock.db` directly (see {@link MockService.ready}).
 *
 * ```ts
 * const mock = createMockService();
 * const client = createClient({ baseUrl: 'https://mock.test', apiKey: mock.apiKey, fetch: mock.fetch });
 * mock.addMessage('usr_priya_raman');
 * mock.fail({ status: 503, path: '/v1/messages' });
 * await mock.ready; // only to read the seeded messages and events from `mock.db`
 * ```
 */
export function createMockService(options: MockServiceOptions = {}): MockService {
  const apiKey = options.apiKey ?? DEFAULT_API_KEY;
  const auth = options.auth ?? true;
  const clock = options.now ?? (() => new Date());
  const messagesPerSubscriber = options.messagesPerSubscriber ?? DEFAULT_MESSAGES_PER_SUBSCRIBER;
  assertCount('messagesPerSubscriber', messagesPerSubscriber, { integer: true });
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  assertCount('maxBodyBytes', maxBodyBytes, { integer: true });
  const maxMessagesPage = options.maxMessagesPage ?? MAX_MESSAGES_PAGE;
  if (!Number.isInteger(maxMessagesPage) || maxMessagesPage < 1) {
    throw new RangeError(`maxMessagesPage must be a positive integer, got ${maxMessagesPage}`);
  }
  assertCount('latencyMs', options.latencyMs ?? 0);

  const faults = new FaultQueue();
  const idempotency = new IdempotencyStore();
  const rate = new RateWindow();
  const requests: RequestLogEntry[] = [];
  let latencyMs = options.latencyMs ?? 0;
  let db: Db;
  let random: Random;
  let arrivals = 0;
  /** Resolves once the seed's data is all in `db` (see `MockService.ready`). */
  let ready: Promise<void> = SEEDED;
  /** Set while the default seed's messages and events load, and after that load failed: requests wait for it. */
  let loading: Promise<void> | undefined;

  function seed(): void {
    const seeded = createSeed({ now: clock(), seed: options.seed ?? 'default', messagesPerSubscriber });
    ({ db, random } = seeded);
    arrivals = 0;
    if (!seeded.complete) {
      ready = SEEDED;
      loading = undefined;
      return;
    }
    const seededDb = db;
    const pending: Promise<void> = seeded.complete.then((continued) => {
      // A `reset()` while loading started another seed: this one's generator is not wanted any more.
      if (db === seededDb) random = continued;
      if (loading === pending) loading = undefined;
    });
    // Whoever waits (`ready`, the requests) gets a failure; nobody has to wait, so it is never unhandled.
    pending.catch(() => {});
    ready = pending;
    loading = pending;
  }
  seed();

  function checkAuth(headers: Headers): void {
    if (!auth) return;
    const header = headers.get('authorization')?.trim();
    const match = header ? /^apikey\s+(.+)$/i.exec(header) : null;
    if (!match) throw missingKey();
    if (match[1]!.trim() !== apiKey) throw wrongKey();
  }

  function errorResponse(error: HttpError, path: string, headers: Record<string, string>): Response {
    const body = errorBody(error.status, path, clock(), error.fields);
    return buildResponse(error.status, JSON.stringify(body), { ...headers, ...error.headers });
  }

  function faultResponse(fault: FailOptions, path: string, rateHeaders: Record<string, string>): Response {
    const { status } = fault;
    const headers: Record<string, string> = {
      ...rateHeaders,
      ...(status === 429 ? { 'retry-after': '1', 'ratelimit-remaining': '0' } : {}),
      ...lowerCaseKeys(fault.headers),
    };
    const contentType = headers['content-type'];
    const raw = typeof fault.body === 'string' && contentType !== undefined && !/json/i.test(contentType);
    const text =
      fault.body === undefined
        ? JSON.stringify(errorBody(status, path, clock(), defaultFaultFields(status, random.uuid())))
        : raw
          ? (fault.body as string)
          : JSON.stringify(fault.body);
    return buildResponse(status, text, headers);
  }

  /** Logs the request, applies a pending fault and the delay, then serves it. */
  async function handle(request: Request, signal: AbortSignal | null = request.signal): Promise<Response> {
    throwIfAborted(signal);
    const method = request.method.toUpperCase();
    const url = new URL(request.url);
    const path = servicePath(url.pathname);
    const fullPath = path + url.search;
    const body = parseBody(await request.arrayBuffer());
    requests.push({
      method,
      path,
      query: url.search.slice(1),
      url: request.url,
      headers: headersToRecord(request.headers),
      body: body.value,
    });

    const fault = faults.take(method, fullPath);
    await delay(latencyMs + (fault?.options.delayMs ?? 0), signal);
    // No answer before the seed's data is in place (a `reset()` meanwhile starts another load).
    while (loading) await untilSettled(loading, signal);
    const rateHeaders = rate.hit();
    if (fault?.kind === 'network') throw new TypeError('Failed to fetch');
    if (fault?.kind === 'fail') return faultResponse(fault.options, fullPath, rateHeaders);

    try {
      return serve(request, method, url, fullPath, body, rateHeaders);
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error, fullPath, rateHeaders);
      // A backstop: a bug of the mock's own is answered as the service answers its own, a 500 in its shape.
      console.error('[notif-elements mock] request failed:', error);
      return errorResponse(new HttpError(500, defaultFaultFields(500, random.uuid())), fullPath, rateHeaders);
    }
  }

  /**
   * Route, authentication, body (415 for a non-JSON one where the operation takes a body, then 413, then 400
   * for malformed JSON), then the handler, through the idempotency store for keyed mutations.
   */
  function serve(
    request: Request,
    method: string,
    url: URL,
    fullPath: string,
    body: ParsedBody,
    rateHeaders: Record<string, string>,
  ): Response {
    const route = matchRoute(method, servicePath(url.pathname));
    if (!route) throw routeNotFound(method, fullPath);
    checkAuth(request.headers);
    const contentType = request.headers.get('content-type');
    if (route.body && body.bytes > 0 && jsonType(contentType) !== 'json')
      throw unsupportedMediaType(contentType);
    if (body.bytes > maxBodyBytes) throw payloadTooLarge();
    if (!body.ok) throw badRequestMessage(body.error);

    const execute = (): { status: number; text: string } => {
      try {
        const context = {
          db,
          now: clock(),
          random,
          params: route.params,
          query: url.searchParams,
          body: body.value,
          maxMessagesPage,
        };
        const result = route.handler(context);
        return { status: result.status, text: JSON.stringify(result.body) };
      } catch (error) {
        if (!(error instanceof HttpError)) console.error('[notif-elements mock] handler failed:', error);
        const failure =
          error instanceof HttpError ? error : new HttpError(500, defaultFaultFields(500, random.uuid()));
        return {
          status: failure.status,
          text: JSON.stringify(errorBody(failure.status, fullPath, clock(), failure.fields)),
        };
      }
    };

    const key = request.headers.get('idempotency-key');
    if (!key || !isMutation(method)) {
      const result = execute();
      return buildResponse(result.status, result.text, rateHeaders);
    }
    const print = fingerprint(method, fullPath, body.value);
    const stored = idempotency.get(key);
    if (stored && stored.fingerprint !== print) throw idempotencyKeyReused(key);
    if (stored) {
      const replayHeaders = { ...rateHeaders, 'idempotency-key': key, 'idempotency-replay': 'true' };
      return buildResponse(stored.status, stored.body, replayHeaders);
    }
    const result = execute();
    idempotency.set(key, { fingerprint: print, status: result.status, body: result.text });
    return buildResponse(result.status, result.text, { ...rateHeaders, 'idempotency-key': key });
  }

  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    try {
      const request = new Request(resolveInput(input), init);
      return handle(request, init?.signal ?? request.signal);
    } catch (error) {
      return Promise.reject(error);
    }
  };

  function addMessage(subscriberId: string, partial: Partial<Message> = {}): Message {
    const subscriber = findSubscriber(db, subscriberId);
    if (!subscriber) {
      const known = db.subscribers.map((item) => item.subscriberId).join(', ');
      throw new Error(
        `addMessage: no subscriber "${subscriberId}" (known: ${known}); call addSubscriber first`,
      );
    }
    const kind = nextKind(arrivals++);
    const content = kind(random, { firstName: subscriber.firstName ?? 'there' });
    const message = {
      ...buildMessage(content, subscriber, clock(), random, db.workflows),
      ...structuredClone(partial),
    };
    insertMessage(db, message);
    return message;
  }

  function addSubscriber(subscriberId: string, partial: Partial<Subscriber> = {}): Subscriber {
    const now = clock();
    const existing = findSubscriber(db, subscriberId);
    if (existing)
      return Object.assign(existing, structuredClone(partial), {
        subscriberId,
        updatedAt: now.toISOString(),
      });
    const subscriber: Subscriber = {
      _id: objectId(now, random),
      subscriberId,
      firstName: null,
      lastName: null,
      email: null,
      phone: null,
      avatar: null,
      locale: null,
      timezone: null,
      channels: [],
      isOnline: false,
      lastOnlineAt: null,
      __v: 0,
      data: null,
      _organizationId: ORGANIZATION_ID,
      _environmentId: ENVIRONMENT_ID,
      deleted: false,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      ...structuredClone(partial),
    };
    subscriber.subscriberId = subscriberId;
    db.subscribers.push(subscriber);
    db.preferences[subscriberId] = defaultPreferences(db.workflows);
    return subscriber;
  }

  return {
    fetch,
    handle: (request: Request) => handle(request),
    apiKey,
    get ready(): Promise<void> {
      return ready;
    },
    get db(): MockState {
      return db;
    },
    get requests(): readonly RequestLogEntry[] {
      return requests;
    },
    clearRequests: () => {
      requests.length = 0;
    },
    addMessage,
    addMessages: (count, subscriberId, partial) => {
      assertCount('count', count, { integer: true });
      return Array.from({ length: count }, () => addMessage(subscriberId, partial));
    },
    addSubscriber,
    fail: (fault) => {
      if (!Number.isInteger(fault.status) || fault.status < 200 || fault.status > 599) {
        throw new RangeError(`fail: status must be an integer from 200 to 599, got ${fault.status}`);
      }
      faults.add('fail', fault);
    },
    networkError: (fault = {}) => faults.add('network', fault),
    clearFaults: () => faults.clear(),
    setLatency: (ms) => {
      assertCount('latency', ms);
      latencyMs = ms;
    },
    reset: () => {
      seed();
      idempotency.clear();
      faults.clear();
      requests.length = 0;
      latencyMs = options.latencyMs ?? 0;
    },
  };
}
