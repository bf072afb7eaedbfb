/** Response building, the rate-limit headers, and abortable delays. */

export const JSON_TYPE = 'application/json; charset=utf-8';

const RATE_LIMIT = 100;
const RATE_POLICY =
  '100;w=1;burst=110;comment="token bucket";category="global";cost="single";serviceLevel="business"';

/**
 * Counts requests over the last second to fill the `ratelimit-*` headers the service sends. It never
 * refuses a request: use `fail({ status: 429 })` for that.
 */
export class RateWindow {
  #times: number[] = [];

  /** Counts one request and returns the headers for its response. */
  hit(at = Date.now()): Record<string, string> {
    this.#times = this.#times.filter((time) => at - time < 1000);
    this.#times.push(at);
    return {
      'ratelimit-limit': String(RATE_LIMIT),
      'ratelimit-remaining': String(Math.max(0, RATE_LIMIT - this.#times.length)),
      'ratelimit-reset': '1',
      'ratelimit-policy': RATE_POLICY,
    };
  }
}

const NULL_BODY_STATUSES = [101, 204, 205, 304];

export function buildResponse(status: number, text: string, headers: Record<string, string>): Response {
  const body = NULL_BODY_STATUSES.includes(status) ? null : text;
  return new Response(body, { status, headers: { 'content-type': JSON_TYPE, ...headers } });
}

/** The signal's reason, or an `AbortError` where the platform gives none. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

export function throwIfAborted(signal: AbortSignal | null | undefined): void {
  if (signal?.aborted) throw abortReason(signal);
}

/** Waits `ms` (no timer at all for 0), rejecting with the signal's reason if it aborts first. */
export function delay(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  throwIfAborted(signal);
  if (!(ms > 0)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Waits for `promise`, rejecting with the signal's reason if it aborts first. */
export function untilSettled<T>(promise: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  throwIfAborted(signal);
  if (!signal) return promise;
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** The headers as an object, each its own entry (`fromEntries` defines them: `__proto__` is a name too). */
export function headersToRecord(headers: Headers): Record<string, string> {
  const entries: [string, string][] = [];
  headers.forEach((value, name) => entries.push([name.toLowerCase(), value]));
  return Object.fromEntries(entries);
}
