/**
 * Errors thrown by the client. Every failure is a {@link NotifError}; its `kind` tells them apart:
 *
 * - `http`: the service answered with a non-2xx status ({@link NotifHttpError}).
 * - `network`: the request never got an answer (DNS, connection refused, CORS...) ({@link NotifNetworkError}).
 * - `timeout`: no answer within `timeoutMs` ({@link NotifTimeoutError}).
 * - `invalid-response`: the service answered 2xx with a body that is not what the operation returns (not JSON,
 *   empty, an HTML sign-in page, the wrong shape), or a body larger than `maxResponseBytes`
 *   ({@link NotifInvalidResponseError}). Never retried.
 * - `validation`: the call was refused before any request was sent ({@link NotifValidationError}).
 * - `redirect`: the service answered with a redirect, which the client never follows
 *   ({@link NotifRedirectError}). Never retried.
 *
 * A call cancelled through its `AbortSignal` rejects with the signal's own reason (an `AbortError`
 * `DOMException` unless the caller gave another), as `fetch` does.
 */

export type NotifErrorKind = 'http' | 'network' | 'timeout' | 'invalid-response' | 'validation' | 'redirect';

/** The `message` of an error body: a string, a list of strings (validation), or an object. */
export type ServiceMessage = string | string[] | Record<string, unknown>;

export abstract class NotifError extends Error {
  abstract readonly kind: NotifErrorKind;
  /** `GET`, `POST`...: the method of the failed call. */
  declare readonly method: string;
  /** The path and query of the failed call, relative to `baseUrl`. */
  declare readonly path: string;

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
  declare readonly status: number;
  /** The service's `message`, as it sent it: a string, a string array or an object. */
  declare readonly serviceMessage: ServiceMessage | undefined;
  /**
   * The response body: parsed JSON when it was JSON (a bare string for some 429s), otherwise the text. Only the
   * first 64 KB of an error body are read: a longer one is kept as its cut text.
   */
  declare readonly body: unknown;
  /** Seconds to wait before trying again, from the `Retry-After` header (seconds or an HTTP date). */
  declare readonly retryAfter: number | undefined;
  /** The response headers. */
  declare readonly headers: Headers;

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

/**
 * A 2xx response the client cannot use: its body is not the JSON the operation returns (an HTML sign-in page,
 * an empty body, `null`, a list that is not an array...), or it is larger than `maxResponseBytes`.
 */
export class NotifInvalidResponseError extends NotifError {
  readonly kind = 'invalid-response' as const;
  override readonly name = 'NotifInvalidResponseError';
  /** The HTTP status, for example 200. */
  declare readonly status: number;
  /** The `Content-Type` of the response, `''` when it had none. */
  declare readonly contentType: string;
  /** The first characters of the body (at most 100), never the whole body. */
  declare readonly excerpt: string;

  constructor(
    method: string,
    path: string,
    status: number,
    contentType: string,
    body: string,
    problem: string,
  ) {
    super(`${method} ${path}: ${problem} (${status} ${contentType})`, method, path);
    this.status = status;
    this.contentType = contentType;
    this.excerpt = clip(body, 100);
  }
}

/**
 * The service answered with a redirect (a 3xx, the `opaqueredirect` a browser gives for `redirect: 'manual'`,
 * or a response a custom `fetch` got by following one). The client never follows a redirect: the request,
 * its headers and its body are not sent to another address, and what another address answers is never
 * taken as the service's answer. Never retried; the body is not read.
 */
export class NotifRedirectError extends NotifError {
  readonly kind = 'redirect' as const;
  override readonly name = 'NotifRedirectError';
  /** The HTTP status: 301, 302, 303, 307, 308..., 0 for an opaque redirect, 200 for one already followed. */
  declare readonly status: number;
  /** Where the service sent the request, when known (not for an opaque redirect). */
  declare readonly location: string | undefined;

  constructor(method: string, path: string, status: number, location: string | undefined) {
    super(`${method} ${path}: redirect (${status}) not followed`, method, path);
    this.status = status;
    this.location = location;
  }
}

export class NotifTimeoutError extends NotifError {
  readonly kind = 'timeout' as const;
  override readonly name = 'NotifTimeoutError';
  declare readonly timeoutMs: number;

  constructor(method: string, path: string, timeoutMs: number) {
    super(`${method} ${path} timed out after ${timeoutMs} ms`, method, path);
    this.timeoutMs = timeoutMs;
  }
}

export class NotifValidationError extends NotifError {
  readonly kind = 'validation' as const;
  override readonly name = 'NotifValidationError';
  /** The argument that was refused, for example `limit`. */
  declare readonly field: string;

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
  // A text body that is markup (a proxy's or gateway's HTML error page) is no message.
  if (typeof body === 'string') return /^\s*</.test(body) ? undefined : body || undefined;
  if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string') return message;
    if (Array.isArray(message)) return message.map(String);
    if (message && typeof message === 'object') return message as Record<string, unknown>;
  }
  return undefined;
}

/** The error message: the status and the service's message, cut to 200 characters. */
function describe(status: number, message: ServiceMessage | undefined): string {
  if (message === undefined) return `The service answered ${status}`;
  const text =
    typeof message === 'string'
      ? message
      : Array.isArray(message)
        ? message.join('; ')
        : JSON.stringify(message);
  return clip(`${status}: ${text}`, 200);
}

/** `text` cut to at most `max` characters, an ellipsis marking a cut. */
function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** `Retry-After` is either delta-seconds or an HTTP date. Returns seconds, never negative. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}
