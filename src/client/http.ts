/**
 * The transport under every operation: headers, timeouts, cancellation, retries with backoff, bounded body
 * reading, the `{data}` envelope, the shape check of 2xx bodies and error decoding. No DOM, no Lit: runs
 * wherever `fetch` does.
 *
 * Redirects are never followed: every request is sent with `redirect: 'manual'`, and a redirect (or what a
 * custom `fetch` got by following one) rejects with a {@link NotifRedirectError}, so the caller's headers, a
 * mutation's body and its idempotency key never travel to another address, and another address's answer is
 * never taken for the service's.
 */
import {
  NotifHttpError,
  NotifInvalidResponseError,
  NotifNetworkError,
  NotifRedirectError,
  NotifTimeoutError,
} from './errors.js';

/** Headers as a plain object, or a function returning them (sync or async), called before every attempt. */
export type HeadersOption =
  Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);

/** A `fetch`-compatible function. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface RetryOptions {
  /** Retries after the first attempt. Default 2. */
  retries?: number;
  /** First backoff delay in ms, doubled on each retry. Default 300. */
  baseDelayMs?: number;
  /** Upper bound of one backoff delay in ms. Default 10 000. */
  maxDelayMs?: number;
  /** A `Retry-After` longer than this (ms) is not waited for: the error is thrown. Default 60 000. */
  maxRetryAfterMs?: number;
  /** Random source for jitter, in [0, 1). Default `Math.random`. */
  random?: () => number;
}

export interface TransportOptions {
  baseUrl: string;
  apiKey?: string;
  headers?: HeadersOption;
  fetch?: FetchLike;
  /**
   * Time allowed for one attempt, in ms, from sending the request to the last byte of the response body.
   * Default 15 000. 0 turns the timeout off.
   */
  timeoutMs?: number;
  /**
   * The largest 2xx response body read, in bytes. Default 10 MB (10 485 760). A larger body (by its
   * `Content-Length`, or once that many bytes have arrived) is not read further: the call rejects with a
   * {@link NotifInvalidResponseError}. `Infinity` turns the limit off. Error bodies are read up to 64 KB, and
   * cut there, whatever this limit.
   */
  maxResponseBytes?: number;
  /** Retry policy, or `false` for none. */
  retry?: RetryOptions | false;
}

/** Per-call options, the last argument of every client method. */
export interface CallOptions {
  /** Cancels the call at once, reading the response body, retries and backoff waits included. */
  signal?: AbortSignal;
  /**
   * Sent as the `idempotency-key` header. Mutations get a generated key when none is given, and the
   * same key is sent on every retry of that call.
   */
  idempotencyKey?: string;
}

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query, starting with `/`. */
  path: string;
  body?: unknown;
  /**
   * What a 2xx body must be, otherwise the call rejects with a {@link NotifInvalidResponseError}:
   * - `object`: a JSON object, bare or as `{data: {...}}`;
   * - `array`: a JSON array, bare or as `{data: [...]}`;
   * - `page`: a paginated list `{data: [...], hasMore, page, pageSize}`, bare or wrapped once;
   * - `none`: the operation returns no content: an empty body, or any JSON but a bare string, resolves
   *   `undefined`; text that is not JSON (an HTML page) is refused.
   */
  expect: 'object' | 'array' | 'page' | 'none';
}

const DEFAULT_RETRY: Required<RetryOptions> = {
  retries: 2,
  baseDelayMs: 300,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 60_000,
  random: Math.random,
};

export type Transport = <T>(request: HttpRequest, options?: CallOptions) => Promise<T>;

export function createTransport(options: TransportOptions): Transport {
  if (!options.baseUrl) throw new TypeError('createNotifClient: baseUrl is required');
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxBytes = options.maxResponseBytes ?? 10_485_760;
  const retry =
    options.retry === false ? { ...DEFAULT_RETRY, retries: 0 } : { ...DEFAULT_RETRY, ...options.retry };

  /**
   * One request, its response body included, under one timer and the caller's signal: on timeout or abort
   * the attempt rejects at once, the fetch is aborted and the body reader cancelled, so a body that never
   * ends releases its connection. Resolves the response, its body as text, and whether the body was longer
   * than allowed (`maxBytes` for a 2xx, then not read further; 64 KB for an error body, then cut).
   */
  async function attemptOnce(
    { method, path }: HttpRequest,
    init: RequestInit,
    signal: AbortSignal | undefined,
  ): Promise<[Response, string, boolean]> {
    const controller = new AbortController();
    // Rejects once the attempt is stopped, so that neither a fetch nor a body read can outlive it.
    const stopped = new Promise<never>((_resolve, reject) => {
      controller.signal.onabort = () => reject(controller.signal.reason);
    });
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    let timedOut = false;
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeoutMs)
        : undefined;
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    try {
      init.signal = controller.signal;
      const response = await Promise.race([doFetch(baseUrl + path, init), stopped]);
      reader = response.body?.getReader();
      // A redirect: a 3xx, the `opaqueredirect` (status 0) browsers give for `redirect: 'manual'`, or what a
      // `fetch` that followed one anyway marks `redirected`.
      const { status, redirected } = response;
      if (redirected || response.type === 'opaqueredirect' || (status > 299 && status < 400)) {
        const location = redirected ? response.url : response.headers.get('location');
        throw new NotifRedirectError(method, path, status, location || undefined);
      }
      const max = response.ok ? maxBytes : 65_536;
      let size = Number(response.headers.get('content-length'));
      if (response.ok && size > max) return [response, '', true];
      const decoder = new TextDecoder();
      let text = '';
      for (size = 0; reader;) {
        const { done, value } = await Promise.race([reader.read(), stopped]);
        if (done) break;
        text += decoder.decode(value, { stream: true });
        if ((size += value.byteLength) > max) return [response, text.slice(0, max), true];
      }
      return [response, text + decoder.decode(), false];
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (error instanceof NotifRedirectError) throw error;
      if (timedOut) throw new NotifTimeoutError(method, path, timeoutMs);
      throw new NotifNetworkError(
        `${method} ${path} failed: ${error instanceof Error ? error.message : String(error)}`,
        method,
        path,
        { cause: error },
      );
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      // Releases a body left unread (stopped, too long or failed); one read to its end is already closed.
      reader?.cancel().catch(() => {});
    }
  }

  return async function send<T>(request: HttpRequest, call: CallOptions = {}): Promise<T> {
    const { signal } = call;
    const isMutation = request.method !== 'GET';
    // One key per logical call, reused by every retry, so the service applies the change once.
    const idempotencyKey = isMutation ? (call.idempotencyKey ?? newIdempotencyKey()) : call.idempotencyKey;
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);

    for (let attempt = 0; ; attempt++) {
      signal?.throwIfAborted();
      const headers: Record<string, string> = { accept: 'application/json' };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (options.apiKey) headers['authorization'] = `ApiKey ${options.apiKey}`;
      if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
      // Awaited only when a function: a signal aborted right after the call must find the attempt under way.
      const extra = typeof options.headers === 'function' ? await options.headers() : options.headers;
      for (const [name, value] of Object.entries(extra ?? {})) headers[name.toLowerCase()] = value;

      let failure: NotifHttpError | NotifNetworkError | NotifTimeoutError;
      let retryAfterMs: number | undefined;
      try {
        const init: RequestInit = { method: request.method, headers, redirect: 'manual' };
        if (body !== undefined) init.body = body;
        const [response, text, tooLarge] = await attemptOnce(request, init, signal);
        if (response.ok) return decode(request, response, text, tooLarge) as T;
        failure = new NotifHttpError({
          method: request.method,
          path: request.path,
          status: response.status,
          body: parseOrText(text),
          headers: response.headers,
        });
        if (!isRetryableStatus(failure.status, isMutation)) throw failure;
        retryAfterMs = failure.retryAfter === undefined ? undefined : failure.retryAfter * 1000;
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (!(error instanceof NotifNetworkError || error instanceof NotifTimeoutError)) throw error;
        failure = error;
      }

      if (attempt >= retry.retries) throw failure;
      if (retryAfterMs !== undefined && retryAfterMs > retry.maxRetryAfterMs) throw failure;
      const backoff = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** attempt);
      // "Equal jitter": at least half the backoff, so retries of many clients spread without collapsing to 0.
      const jittered = backoff / 2 + (backoff / 2) * retry.random();
      await sleep(Math.max(jittered, retryAfterMs ?? 0), signal);
    }
  };
}

/** Adds the `authorization` of `apiKey` and the caller's `headers` (which win) to `headers`. */
export async function addHeaders(options: TransportOptions, headers: Record<string, string>): Promise<void> {
  if (options.apiKey) headers['authorization'] = `ApiKey ${options.apiKey}`;
  const extra = typeof options.headers === 'function' ? await options.headers() : options.headers;
  for (const [name, value] of Object.entries(extra ?? {})) headers[name.toLowerCase()] = value;
}

function isRetryableStatus(status: number, isMutation: boolean): boolean {
  // 409 is the service's "a request with this idempotency key is still being processed".
  return status === 408 || status === 429 || status >= 500 || (isMutation && status === 409);
}

/** An error body: parsed JSON when it is JSON, otherwise the text; `undefined` when empty. */
function parseOrText(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A 2xx body as the operation returns it, or a {@link NotifInvalidResponseError}: one that is too long, not
 * JSON (an HTML sign-in page, a cut body), empty where content is due, or not of the expected shape.
 */
function decode(request: HttpRequest, response: Response, text: string, tooLarge: boolean): unknown {
  const { expect } = request;
  const page = expect === 'page';
  // A body that is not JSON is kept as a string, which no expectation takes (`none` takes no body, or JSON).
  const value = (page ? unwrapPage : unwrap)(parseOrText(text));
  const ok =
    expect === 'none'
      ? typeof value !== 'string'
      : expect === 'array'
        ? Array.isArray(value)
        : isRecord(value) && (!page || Array.isArray(value.data));
  if (ok && !tooLarge) return expect === 'none' ? undefined : value;
  throw new NotifInvalidResponseError(
    request.method,
    request.path,
    response.status,
    response.headers.get('content-type') ?? '',
    text,
    tooLarge ? 'body over maxResponseBytes' : text ? `unexpected body for ${expect}` : 'empty body',
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{ "data": X }` (and nothing else) becomes X; anything else is returned as it is. */
export function unwrap(body: unknown): unknown {
  if (isRecord(body) && 'data' in body && Object.keys(body).length === 1) return body.data;
  return body;
}

/** A page is `{data: [...], hasMore, page, pageSize}`; a wrapped page `{data: {data: [...], ...}}` is unwrapped once. */
export function unwrapPage(body: unknown): unknown {
  if (isRecord(body) && isRecord(body.data) && Array.isArray(body.data.data)) return body.data;
  return body;
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      if (signal?.aborted) reject(signal.reason);
      else resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
    if (signal?.aborted) done();
  });
}

/** A random idempotency key. `crypto.randomUUID` needs a secure context, so fall back to `getRandomValues`. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
