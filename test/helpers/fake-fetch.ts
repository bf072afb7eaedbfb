/**
 * A scripted `fetch` for client tests: answers from a queue and records every call, so tests can assert
 * exactly what went over the wire and when.
 */
export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  signal: AbortSignal | undefined;
}

export type Answer =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { networkError: true }
  | { hang: true };

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Answer {
  return { status, body, headers };
}

export function scriptedFetch(...answers: Answer[]) {
  const calls: RecordedCall[] = [];
  const queue = [...answers];
  const fetch = (input: string, init: RequestInit = {}): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    calls.push({
      url: input,
      method: init.method ?? 'GET',
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      signal: init.signal ?? undefined,
    });
    const answer = queue.length > 1 ? queue.shift()! : queue[0];
    if (!answer) return Promise.reject(new Error('scriptedFetch: no answer left'));
    if ('networkError' in answer) return Promise.reject(new TypeError('Failed to fetch'));
    if ('hang' in answer) {
      return new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () =>
          reject(init.signal?.reason ?? new DOMException('Aborted', 'AbortError')),
        );
      });
    }
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return Promise.resolve(
      new Response(text || null, {
        status: answer.status,
        headers: { 'content-type': 'application/json; charset=utf-8', ...answer.headers },
      }),
    );
  };
  return { fetch, calls };
}

/**
 * Lets the browser finish real asynchronous work (reading a Response body is not a microtask), so that
 * timers set after it are set at the current fake time. Use between `clock.tickAsync` calls.
 */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(0);
    });
  }
}

/** A response body produced on demand, for tests of slow, endless or huge bodies. */
export interface LazyBody {
  stream: ReadableStream<Uint8Array>;
  /** Characters handed to the reader so far (bytes, for the ASCII bodies of the tests). */
  readonly pulled: number;
  /** Resolves once something reads the body (the first read request). */
  reading: Promise<void>;
  /** Resolves with the reason once the reader cancels the body. */
  cancelled: Promise<unknown>;
}

/**
 * A body whose chunks come from `next`, one per read and only when read (no read-ahead), so an endless or
 * 50 MB body costs nothing beyond what the client actually reads. `next` returns `undefined` to end it.
 */
export function lazyBody(next: () => string | undefined | Promise<string | undefined>): LazyBody {
  let pulled = 0;
  let over = false;
  let onRead!: () => void;
  let onCancel!: (reason: unknown) => void;
  const reading = new Promise<void>((resolve) => (onRead = resolve));
  const cancelled = new Promise<unknown>((resolve) => (onCancel = resolve));
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        onRead();
        const chunk = await next();
        if (over) return;
        if (chunk === undefined) return controller.close();
        pulled += chunk.length;
        controller.enqueue(encoder.encode(chunk));
      },
      cancel(reason) {
        over = true;
        onCancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
  return {
    stream,
    get pulled() {
      return pulled;
    },
    reading,
    cancelled,
  };
}

/** A body that sends one space every `everyMs` and never ends. */
export function drippingBody(everyMs = 5): LazyBody {
  return lazyBody(() => new Promise((resolve) => setTimeout(() => resolve(' '), everyMs)));
}

/** A `fetch` answering every call with a fresh response from `make`, recording the calls. */
export function respondWith(make: (call: number) => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (url: string, init: RequestInit = {}): Promise<Response> => {
    calls.push({ url, init });
    return Promise.resolve(make(calls.length - 1));
  };
  return { fetch, calls };
}
