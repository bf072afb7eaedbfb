/**
 * The inbox store's stream: `GET {baseUrl}/stream` of `notif-elements/proxy` with `live`, read with the
 * client's own transport (`openStream`: same `fetch`, same headers; see `client/stream.ts` for why not
 * `EventSource`). Loaded with `import()` by the store, and run only by the tab elected to poll.
 *
 * - Every `changed` event is handed over (`changed`): the store refetches the first page and takes its counts.
 * - A drop reconnects after the server's `retry:` (default 3 s), then doubling up to {@link MAX_LIVE_BACKOFF},
 *   with "equal jitter"; the reconnect sends `Last-Event-ID`. A 429 or 5xx backs off the same way
 *   (`retry-after` honoured).
 * - No stream there (403, 404, 405, 501, a redirect, or a 2xx that is not `text/event-stream`: an older
 *   proxy, the service itself, the mock): `unavailable`, and this store never asks again.
 * - `event: end` (signed out) or a 401: `ended`, and it stops.
 */
import type { LiveCounts, NotifClient } from '../client/client.js';
import { readEventStream } from '../client/stream.js';
import { countsOf } from './inbox-counts.js';

/** Reconnecting backs off up to this delay. */
export const MAX_LIVE_BACKOFF = 60_000;

export interface LiveChange {
  /** The event's id: ms since the epoch on the proxy, increasing; orders counts. */
  id: number;
  counts: LiveCounts | null;
  reason: string;
}

export interface LiveOptions {
  client: NotifClient;
  /** Aborted to stop (leadership lost, unmounted, destroyed). */
  signal: AbortSignal;
  /** The id heard last (by this or another tab), sent as `Last-Event-ID`. */
  lastEventId?: string;
  /** Connected: the first event arrived (`true`), or the stream dropped and a reconnect waits (`false`). */
  up(up: boolean): void;
  changed(change: LiveChange): void;
  unavailable(): void;
  ended(): void;
  random?: () => number;
}

const NO_STREAM = new Set([403, 404, 405, 501]);

export async function runLive(o: LiveOptions): Promise<void> {
  const { client, signal } = o;
  const random = o.random ?? Math.random;
  let lastEventId = o.lastEventId ?? '';
  let retryMs = 3000;
  let failures = 0;

  while (!signal.aborted) {
    let response: Response;
    try {
      response = await client.openStream!('/stream', { signal, lastEventId });
    } catch {
      if (signal.aborted) return;
      if (!(await wait(++failures))) return;
      continue;
    }
    const { status } = response;
    const type = response.headers.get('content-type') ?? '';
    const streaming = response.ok && /^text\/event-stream\b/i.test(type) && response.body;
    if (!streaming) {
      response.body?.cancel().catch(() => {});
      if (status === 401) return o.ended();
      if (NO_STREAM.has(status) || status === 0 || (status >= 200 && status < 400)) return o.unavailable();
      const after = Number(response.headers.get('retry-after'));
      if (!(await wait(++failures, Number.isFinite(after) ? after * 1000 : 0))) return;
      continue;
    }
    let ended = false;
    let connected = false;
    try {
      await readEventStream(
        response.body!,
        {
          retry: (ms) => (retryMs = ms),
          event(event) {
            if (event.id) lastEventId = event.id;
            if (event.type === 'end') {
              ended = true;
              return;
            }
            if (event.type !== 'changed') return;
            if (!connected) {
              connected = true;
              failures = 0;
              o.up(true);
            }
            const change = parse(event.data, Number(event.id));
            if (change) o.changed(change);
          },
        },
        signal,
      );
    } catch {
      // Dropped (or aborted): reconnect below unless stopped.
    }
    if (signal.aborted) return;
    if (ended) return o.ended();
    if (connected) o.up(false);
    if (!(await wait(++failures))) return;
  }

  /** Waits the backoff of the `n`th failure in a row; false when stopped meanwhile. */
  function wait(n: number, atLeast = 0): Promise<boolean> {
    const backoff = Math.min(MAX_LIVE_BACKOFF, retryMs * 2 ** (n - 1));
    const ms = Math.max(atLeast, backoff / 2 + (backoff / 2) * random());
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve(!signal.aborted);
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done);
    });
  }
}

/** The `data` of a `changed` event; numbers and fixed words only are kept. */
function parse(data: string, id: number): LiveChange | null {
  try {
    const value = JSON.parse(data) as { counts?: unknown; reason?: unknown };
    if (typeof value !== 'object' || value === null) return null;
    return {
      id: Number.isFinite(id) ? id : 0,
      counts: countsOf(value.counts),
      reason: typeof value.reason === 'string' ? value.reason : 'changed',
    };
  } catch {
    return null;
  }
}
