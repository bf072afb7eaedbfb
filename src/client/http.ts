/**
 * The transport under every operation: headers, timeouts, cancellation, retries with backoff, the `{data}`
 * envelope and error decoding. No DOM, no Lit: runs wherever `fetch` does.
 */
import { NotifHttpError, NotifNetworkError, NotifTimeoutError } from './errors.js';

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
  /** Time allowed for one attempt, in ms. Default 15 000. 0 turns the timeout off. */
  timeoutMs?: number;
  /** Retry policy, or `false` for none. */
  retry?: RetryOptions | false;
}

/** Per-call options, the last argument of every client method. */
export interface CallOptions {
  /** Cancels the call at once, retries and backoff waits included. */
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
  /** `unwrap`: accept `{data: T}` or `T`; `page`: a paginated list (bare, or wrapped once). */
  envelope: 'unwrap' | 'page';
}

const RETRY_STATUSES = new Set([408, 429]);
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
  const retry =
    options.retry === false ? { ...DEFAULT_RETRY, retries: 0 } : { ...DEFAULT_RETRY, ...options.retry };

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
      const extra = typeof options.headers === 'function' ? await options.headers() : options.headers;
      for (const [name, value] of Object.entries(extra ?? {})) headers[name.toLowerCase()] = value;

      let failure: NotifHttpError | NotifNetworkError | NotifTimeoutError;
      let retryAfterMs: number | undefined;
      try {
        const response = await attemptOnce(doFetch, `${baseUrl}${request.path}`, {
          method: request.method,
          headers,
          body,
          signal,
          timeoutMs,
          label: [request.method, request.path],
        });
        const parsed = await readBody(response);
        if (response.ok) return (request.envelope === 'page' ? unwrapPage(parsed) : unwrap(parsed)) as T;
        failure = new NotifHttpError({
          method: request.method,
          path: request.path,
          status: response.status,
          body: parsed,
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

function isRetryableStatus(status: number, isMutation: boolean): boolean {
  // 409 is the service's "a request with this idempotency key is still being processed".
  return RETRY_STATUSES.has(status) || status >= 500 || (isMutation && status === 409);
}

async function attemptOnce(
  doFetch: FetchLike,
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body: string | undefined;
    signal: AbortSignal | undefined;
    timeoutMs: number;
    label: [string, string];
  },
): Promise<Response> {
  const controller = new AbortController();
  const onAbort = () => controller.abort(init.signal?.reason);
  init.signal?.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  const timer =
    init.timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, init.timeoutMs)
      : undefined;
  try {
    const requestInit: RequestInit = {
      method: init.method,
      headers: init.headers,
      signal: controller.signal,
    };
    if (init.body !== undefined) requestInit.body = init.body;
    return await doFetch(url, requestInit);
  } catch (error) {
    if (init.signal?.aborted) throw init.signal.reason;
    if (timedOut) throw new NotifTimeoutError(init.label[0], init.label[1], init.timeoutMs);
    throw new NotifNetworkError(
      `${init.label[0]} ${init.label[1]} failed: ${error instanceof Error ? error.message : String(error)}`,
      init.label[0],
      init.label[1],
      { cause: error },
    );
  } finally {
    clearTimeout(timer);
    init.signal?.removeEventListener('abort', onAbort);
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
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

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
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
