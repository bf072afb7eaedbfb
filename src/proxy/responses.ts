/**
 * Responses the proxy makes itself, and the headers it lets through in either direction. No DOM: only
 * `Headers` and `Response`.
 */
import type { SecretMatcher } from './secret.js';

/** Request headers copied from the browser to the service. Everything else (cookies, authorization...) stays. */
export const UPSTREAM_REQUEST_HEADERS = [
  'content-type',
  'accept',
  'idempotency-key',
  'accept-language',
] as const;

/** Response headers copied from the service to the browser, plus every `ratelimit-*` header. */
export const DOWNSTREAM_RESPONSE_HEADERS = [
  'content-type',
  'retry-after',
  'idempotency-key',
  'idempotency-replay',
] as const;

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  499: 'Client Closed Request',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** Headers every response of the proxy carries: the data is one user's, so no shared cache may keep it. */
function baseHeaders(): Headers {
  return new Headers({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
}

/**
 * An error in the service's own shape, `{statusCode, timestamp, path, message, error}`, so the client decodes
 * it like one of the service's. `path` is what the browser asked for, with the secret (should a caller have
 * put it there) redacted.
 */
export function errorResponse(status: number, path: string, message: string, secret: string): Response {
  const body = {
    statusCode: status,
    timestamp: new Date().toISOString(),
    path: redact(path, secret),
    message,
    error: STATUS_NAMES[status] ?? 'Error',
  };
  const headers = baseHeaders();
  headers.set('content-type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(body), { status, headers });
}

/** The allow-listed browser headers, plus the service's `Authorization: ApiKey <key>`. */
export function upstreamHeaders(incoming: Headers, apiKey: string): Headers {
  const headers = new Headers();
  for (const name of UPSTREAM_REQUEST_HEADERS) {
    const value = incoming.get(name);
    if (value !== null) headers.set(name, value);
  }
  headers.set('authorization', `ApiKey ${apiKey}`);
  return headers;
}

/** The allow-listed service headers, minus any whose value holds the secret (see `secretMatcher`). */
export function downstreamHeaders(upstream: Headers, holdsSecret: SecretMatcher): Headers {
  const headers = baseHeaders();
  upstream.forEach((value, name) => {
    const lower = name.toLowerCase();
    const allowed =
      (DOWNSTREAM_RESPONSE_HEADERS as readonly string[]).includes(lower) || lower.startsWith('ratelimit-');
    if (allowed && !holdsSecret(value)) headers.set(lower, value);
  });
  return headers;
}

function redact(text: string, secret: string): string {
  return text.split(secret).join('[redacted]');
}

/** Statuses whose response must not have a body. */
export function isNullBodyStatus(status: number): boolean {
  return status === 204 || status === 205 || status === 304;
}
