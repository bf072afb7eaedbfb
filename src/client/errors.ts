/**
 * Errors thrown by the client. Every failure is a {@link NotifError}; its `kind` tells them apart:
 *
 * - `http`: the service answered with a non-2xx status ({@link NotifHttpError}).
 * - `network`: the request never got an answer (DNS, connection refused, CORS...) ({@link NotifNetworkError}).
 * - `timeout`: no answer within `timeoutMs` ({@link NotifTimeoutError}).
 * - `validation`: the call was refused before any request was sent ({@link NotifValidationError}).
 *
 * A call cancelled through its `AbortSignal` rejects with the signal's own reason (an `AbortError`
 * `DOMException` unless the caller gave another), as `fetch` does.
 */

export type NotifErrorKind = 'http' | 'network' | 'timeout' | 'validation';

/** The `message` of an error body: a string, a list of strings (validation), or an object. */
export type ServiceMessage = string | string[] | Record<string, unknown>;

export abstract class NotifError extends Error {
  abstract readonly kind: NotifErrorKind;
  /** `GET`, `POST`...: the method of the failed call. */
  readonly method: string;
  /** The path and query of the failed call, relative to `baseUrl`. */
  readonly path: string;

  constructor(message: string, method: string, path: string, options?: { cause?: unknown }) {
    super(message, options);
    this.method = method;
    this.path = path;
  }
}

export class NotifHttpError extends NotifError {
  readonly kind = 'http' as const;
  override readonly name = 'NotifHttpError';
  /** The HTTP status, for example 404 or 429. */
  readonly status: number;
  /** The service's `message`, as it sent it: a string, a string array or an object. */
  readonly serviceMessage: ServiceMessage | undefined;
  /** The response body: parsed JSON when it was JSON (a bare string for some 429s), otherwise the text. */
  readonly body: unknown;
  /** Seconds to wait before trying again, from the `Retry-After` header (seconds or an HTTP date). */
  readonly retryAfter: number | undefined;
  /** The response headers. */
  readonly headers: Headers;

  constructor(init: {
    method: string;
    path: string;
    status: number;
    body: unknown;
    headers: Headers;
    now?: number;
  }) {
    const serviceMessage = readServiceMessage(init.body);
    super(describe(init.status, serviceMessage), init.method, init.path);
    this.status = init.status;
    this.body = init.body;
    this.serviceMessage = serviceMessage;
    this.headers = init.headers;
    this.retryAfter = parseRetryAfter(init.headers.get('retry-after'), init.now ?? Date.now());
  }
}

export class NotifNetworkError extends NotifError {
  readonly kind = 'network' as const;
  override readonly name = 'NotifNetworkError';
}

export class NotifTimeoutError extends NotifError {
  readonly kind = 'timeout' as const;
  override readonly name = 'NotifTimeoutError';
  readonly timeoutMs: number;

  constructor(method: string, path: string, timeoutMs: number) {
    super(`${method} ${path} timed out after ${timeoutMs} ms`, method, path);
    this.timeoutMs = timeoutMs;
  }
}

export class NotifValidationError extends NotifError {
  readonly kind = 'validation' as const;
  override readonly name = 'NotifValidationError';
  /** The argument that was refused, for example `limit`. */
  readonly field: string;

  constructor(method: string, path: string, field: string, message: string) {
    super(message, method, path);
    this.field = field;
  }
}

/** True for any error thrown by the client (not for an abort, which keeps the signal's reason). */
export function isNotifError(error: unknown): error is NotifError {
  return error instanceof NotifError;
}

function readServiceMessage(body: unknown): ServiceMessage | undefined {
  if (typeof body === 'string') return body || undefined;
  if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string') return message;
    if (Array.isArray(message)) return message.map(String);
    if (message && typeof message === 'object') return message as Record<string, unknown>;
  }
  return undefined;
}

function describe(status: number, message: ServiceMessage | undefined): string {
  if (message === undefined) return `The service answered ${status}`;
  if (typeof message === 'string') return `${status}: ${message}`;
  if (Array.isArray(message)) return `${status}: ${message.join('; ')}`;
  return `${status}: ${JSON.stringify(message)}`;
}

/** `Retry-After` is either delta-seconds or an HTTP date. Returns seconds, never negative. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value == null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}
