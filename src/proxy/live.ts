/**
 * The live edge: Server-Sent Events that tell a page "your inbox changed" within a second, the server-side
 * counts, and the watcher for apps that never call `publish`. The service has no socket, webhook or count
 * (spec §4.9, §6), so all of it is built here from `GET /v1/messages`, pinned to the signed-in subscriber.
 *
 * The wire contract of `GET {basePath}/stream` (kept stable for the page side):
 * - `content-type: text/event-stream`, `cache-control: no-store`; first `retry: <retryMs>`;
 * - `event: changed`, `id: <n>`, `data: {"counts":{"unseen":N,"unread":N,"exact":bool}|null,"reason":R}`
 *   where R is `hello` (once, first), `publish`, `watch` or `mark`; ids are milliseconds since the epoch made
 *   strictly increasing per subscriber on each instance;
 * - `: ping` comment lines every `heartbeatMs`;
 * - `event: end`, `data: {"reason":"signed-out"}`, then the end of the response, once the session is over.
 *
 * Events are notices, not data: they carry numbers and fixed words only, never text from the service, so no
 * upstream text (and no key) can reach a stream. Repeating or merging them is safe: the page refetches.
 */
import { createMemoryBus } from './bus.js';
import { LIVE_REASONS, type NotifCounts, type NotifLiveOptions, type NotifLiveReason } from './live-types.js';
import { TIMED_OUT, withTimeout } from './timeout.js';

/** A page of the subscriber's in-app messages, reduced to what counting and watching read. */
export interface MessagePage {
  items: { id: string; read: boolean; seen: boolean }[];
  hasMore: boolean;
}

/** What the live edge needs from the proxy around it. */
export interface LiveHost {
  /**
   * `GET /v1/messages?subscriberId&channel=in_app&page&limit` (and `contextKeys` when given), with the key;
   * rejects on any failure.
   */
  listPage(
    subscriberId: string,
    page: number,
    limit: number,
    contextKeys?: readonly string[],
  ): Promise<MessagePage>;
  /** The subscriber signed in for `request` now, `null` for nobody, `undefined` when it could not be told. */
  whoIs(request: Request): Promise<string | null | undefined>;
  report(error: unknown, stage: 'bus' | 'upstream' | 'internal'): void;
  /** An error response in the service's shape. */
  fail(status: number, path: string, message: string, headers?: Record<string, string>): Response;
}

export interface Live {
  /** `scoped`: the session is pinned to context keys, so its events carry no counts (those are the subscriber's). */
  stream(request: Request, subscriberId: string, path: string, scoped?: boolean): Response;
  /** The subscriber's counts; with `contextKeys`, those of the messages carrying them (a tab's, a tenant's). */
  counts(subscriberId: string, path: string, contextKeys?: readonly string[]): Promise<Response>;
  /** Something changed for the subscriber (a workflow was triggered, a mark passed through): tell its streams. */
  changed(subscriberId: string, reason: 'publish' | 'mark'): Promise<void>;
  close(): void;
}

/** Messages asked for per request when counting and watching: the most the service serves in one page. */
const PAGE_SIZE = 100;
/** Subscribers whose recent events are remembered for `Last-Event-ID`, and events per subscriber. */
const HISTORY_SUBSCRIBERS = 10_000;
const RING_SIZE = 16;

const encoder = new TextEncoder();

interface Stream {
  subscriberId: string;
  request: Request;
  event(id: number, reason: NotifLiveReason, counts: NotifCounts | null): void;
  ping(): void;
  end(signedOut: boolean): void;
  /** Since when a full queue has kept events waiting (0: it has not). */
  stalledSince(): number;
}

interface History {
  lastId: number;
  ring: { id: number; reason: NotifLiveReason }[];
}

interface BusMessage {
  from: string;
  subscriberId: string;
  reason: NotifLiveReason;
  counts: NotifCounts | null;
  /**
   * The event's id on the instance that announced it. The others give it at least this id: their clocks may
   * lag (or read the same millisecond), and a page that reconnects to one of them with the id of a hello
   * from the announcer must still be told of what came after it. Absent from older instances' messages.
   */
  id?: number;
}

export function createLive(host: LiveHost, options: NotifLiveOptions): Live {
  const bus = options.bus ?? createMemoryBus();
  const heartbeatMs = positive(options.heartbeatMs, 15_000);
  const reauthMs = positive(options.reauthMs, 60_000);
  const retryMs = positive(options.retryMs, 3_000);
  const watchIntervalMs = options.watchIntervalMs ?? 15_000;
  const countCap = positive(options.countCap, 1_000);
  const countsTtlMs = positive(options.countsTtlMs, 60_000);
  const publishWaitMs = options.publishWaitMs ?? 300;
  const maxPerSubscriber = positive(options.maxStreamsPerSubscriber, 10);
  const maxStreams = positive(options.maxStreams, 10_000);
  const maxQueued = positive(options.maxQueuedEvents, 8);
  const busTimeoutMs = positive(options.busTimeoutMs, 1_000);
  /** This instance's name on the bus, so it skips its own messages (it delivers them itself, at once). */
  const me = Math.random().toString(36).slice(2) + Date.now().toString(36);

  const streams = new Map<string, Set<Stream>>();
  let open = 0;
  const history = new Map<string, History>();
  /** Events before this id may have been missed here (start, a forgotten subscriber, a bus outage). */
  let historyFrom = Date.now();
  const counted = new Map<string, { counts: NotifCounts; until: number }>();
  const counting = new Map<string, Promise<NotifCounts | null>>();
  const countingScopes = new Map<string, Promise<NotifCounts | null>>();
  /** The newest count started per subscriber: only its result is stored (an older one may finish last). */
  const newestCount = new Map<string, number>();
  let countSeq = 0;
  const fingerprints = new Map<string, string>();
  /**
   * The first page each count read, by the counts it gave: a hello that tells these counts gives the watcher
   * the page they describe, so its first look has something to compare with (the gap otherwise: a message
   * arriving between a hello and the first look was never announced).
   */
  const countedPage = new WeakMap<NotifCounts, string>();
  /** The counts the first hello since the watcher's last look told, for when no page is known (bus counts). */
  const helloCounts = new Map<string, NotifCounts | null>();
  let timers: ReturnType<typeof setInterval>[] = [];
  let stopBus: (() => void) | undefined;
  let closed = false;

  const key = (kind: string, subscriberId: string) => `${kind}:${encodeURIComponent(subscriberId)}`;

  /** A bus call bounded by `busTimeoutMs`; `fallback` (and a report) when it fails or hangs. */
  async function onBus<T>(call: () => Promise<T>, fallback: T): Promise<T> {
    try {
      const result = await withTimeout(call(), busTimeoutMs);
      if (result !== TIMED_OUT) return result;
      throw new Error(`The bus did not answer within ${busTimeoutMs} ms`);
    } catch (error) {
      // Whatever crossed the bus meanwhile may have been missed: a reconnecting page is told to refetch.
      historyFrom = Date.now();
      host.report(error, 'bus');
      return fallback;
    }
  }

  void onBus(
    () =>
      bus.subscribe((text) => {
        const message = parseBusMessage(text);
        if (!message || message.from === me) return;
        // Counts from another instance are the newest; a notice without them makes ours stale.
        if (message.counts) remember(message.subscriberId, message.counts);
        else counted.delete(message.subscriberId);
        deliver(message.subscriberId, message.reason, message.counts, message.id);
      }),
    undefined,
  ).then((stop) => {
    if (closed) stop?.();
    else stopBus = stop;
  });

  // ─── History (for Last-Event-ID) ──────────────────────────────────────────────────────────────────────

  function historyOf(subscriberId: string): History {
    let entry = history.get(subscriberId);
    if (entry) {
      history.delete(subscriberId); // kept last: the least recently used come first
    } else {
      entry = { lastId: 0, ring: [] };
      if (history.size >= HISTORY_SUBSCRIBERS) {
        const [oldest] = history.keys();
        history.delete(oldest!);
        historyFrom = Date.now();
      }
    }
    history.set(subscriberId, entry);
    return entry;
  }

  /** The next event id of a subscriber here: after the last, at least the clock, and at least `atLeast`. */
  function nextId(entry: History, atLeast = 0): number {
    entry.lastId = Math.max(entry.lastId + 1, Date.now(), atLeast);
    return entry.lastId;
  }

  // ─── Delivery ─────────────────────────────────────────────────────────────────────────────────────────

  /** Tells this instance's streams of the subscriber; returns the event's id. */
  function deliver(
    subscriberId: string,
    reason: NotifLiveReason,
    counts: NotifCounts | null,
    atLeast?: number,
  ): number {
    const entry = historyOf(subscriberId);
    const id = nextId(entry, atLeast);
    entry.ring.push({ id, reason });
    if (entry.ring.length > RING_SIZE) entry.ring.shift();
    for (const stream of streams.get(subscriberId) ?? []) stream.event(id, reason, counts);
    return id;
  }

  /** Tells every instance's streams: this one's at once, the others' through the bus. */
  async function announce(
    subscriberId: string,
    reason: NotifLiveReason,
    counts: NotifCounts | null,
  ): Promise<void> {
    const id = deliver(subscriberId, reason, counts);
    const message: BusMessage = { from: me, subscriberId, reason, counts, id };
    await onBus(() => bus.publish(JSON.stringify(message)), undefined);
  }

  // ─── Counts ───────────────────────────────────────────────────────────────────────────────────────────

  function remember(subscriberId: string, counts: NotifCounts): void {
    counted.delete(subscriberId);
    counted.set(subscriberId, { counts, until: Date.now() + countsTtlMs });
    if (counted.size > HISTORY_SUBSCRIBERS) counted.delete(counted.keys().next().value!);
  }

  async function store(subscriberId: string, counts: NotifCounts): Promise<void> {
    remember(subscriberId, counts);
    await onBus(() => bus.set(key('counts', subscriberId), JSON.stringify(counts), countsTtlMs), undefined);
  }

  async function forget(subscriberId: string): Promise<void> {
    counted.delete(subscriberId);
    await onBus(() => bus.del(key('counts', subscriberId)), undefined);
  }

  /**
   * Counts by paging the service, 100 a request, up to `countCap`; starting from `first` when given. A count
   * already running is shared, unless `fresh` (after a change, a count begun before it may miss it).
   */
  function count(subscriberId: string, fresh = false, first?: MessagePage): Promise<NotifCounts | null> {
    const running = counting.get(subscriberId);
    if (running && !fresh) return running;
    const seq = ++countSeq;
    newestCount.set(subscriberId, seq);
    const work = tally(subscriberId, [], first).then(
      async (counts) => {
        if (newestCount.get(subscriberId) === seq) await store(subscriberId, counts);
        return counts;
      },
      (error: unknown) => {
        host.report(error, 'upstream');
        return null;
      },
    );
    const tracked = work.finally(() => {
      if (counting.get(subscriberId) === tracked) counting.delete(subscriberId);
      if (newestCount.get(subscriberId) === seq) newestCount.delete(subscriberId);
    });
    counting.set(subscriberId, tracked);
    return tracked;
  }

  /**
   * Counts by paging the service (with `contextKeys` when given), 100 a request, up to `countCap`. The counts
   * remember the fingerprint of the first page they read, the watcher's baseline for a stream's hello.
   */
  async function tally(
    subscriberId: string,
    contextKeys: readonly string[],
    first?: MessagePage,
  ): Promise<NotifCounts> {
    let unseen = 0;
    let unread = 0;
    let seen = 0;
    let firstPrint = '';
    const done = (counts: NotifCounts) => (countedPage.set(counts, firstPrint), counts);
    for (let page = 0; ; page++) {
      const result =
        page === 0 && first ? first : await host.listPage(subscriberId, page, PAGE_SIZE, contextKeys);
      if (page === 0) firstPrint = fingerprint(result);
      for (const item of result.items) {
        if (seen++ >= countCap) return done({ unseen, unread, exact: false });
        if (!item.seen) unseen++;
        if (!item.read) unread++;
      }
      if (!result.hasMore || result.items.length === 0) return done({ unseen, unread, exact: true });
      if (seen >= countCap) return done({ unseen, unread, exact: false });
    }
  }

  /** Cached counts (this instance's, then the bus's), else counted now. */
  async function currentCounts(subscriberId: string): Promise<NotifCounts | null> {
    const local = counted.get(subscriberId);
    if (local && local.until > Date.now()) return local.counts;
    const shared = parseCounts(await onBus(() => bus.get(key('counts', subscriberId)), null));
    if (shared) {
      remember(subscriberId, shared);
      return shared;
    }
    return count(subscriberId);
  }

  /** Whether some instance holds a stream of the subscriber (so counting it is worth a request). */
  async function listened(subscriberId: string): Promise<boolean> {
    if (streams.has(subscriberId)) return true;
    return (await onBus(() => bus.get(key('here', subscriberId)), null)) !== null;
  }

  const presenceTtl = () => Math.max(heartbeatMs, reauthMs) * 3;
  const markPresent = (subscriberId: string) =>
    onBus(() => bus.set(key('here', subscriberId), '1', presenceTtl()), undefined);

  async function changed(subscriberId: string, reason: 'publish' | 'mark'): Promise<void> {
    if (closed) return;
    await forget(subscriberId);
    if (!(await listened(subscriberId))) {
      // Nobody is listening: no request to the service. A stream opening now counts afresh.
      await announce(subscriberId, reason, null);
      return;
    }
    const fresh = count(subscriberId, true);
    const soon = await withTimeout(fresh, publishWaitMs);
    if (soon !== TIMED_OUT) {
      await announce(subscriberId, reason, soon);
      return;
    }
    // A slow service does not hold the news back: `counts: null` now, the counts when they come.
    await announce(subscriberId, reason, null);
    void fresh.then((counts) => (counts ? announce(subscriberId, reason, counts) : undefined));
  }

  // ─── Watcher ──────────────────────────────────────────────────────────────────────────────────────────

  async function watch(subscriberId: string): Promise<void> {
    // Once per subscriber across instances: whoever takes the lease polls. A bus outage: each polls alone.
    const mine = await onBus(() => bus.lease(key('watch', subscriberId), watchIntervalMs * 0.8), true);
    if (!mine) return;
    let page: MessagePage;
    try {
      page = await host.listPage(subscriberId, 0, PAGE_SIZE);
    } catch (error) {
      host.report(error, 'upstream');
      return;
    }
    const print = fingerprint(page);
    const before =
      (await onBus(() => bus.get(key('print', subscriberId)), null)) ?? fingerprints.get(subscriberId);
    const told = helloCounts.get(subscriberId);
    const firstLook = before === undefined;
    fingerprints.set(subscriberId, print);
    helloCounts.delete(subscriberId);
    await onBus(() => bus.set(key('print', subscriberId), print, watchIntervalMs * 10), undefined);
    if (print === before) return;
    const counts = await count(subscriberId, true, page);
    // A first look with no page to compare (the hello's counts came from another instance): compare what
    // the hello told. Announcing when unsure is safe (the page refetches); staying silent may lose a message.
    if (firstLook && told && counts && sameCounts(told, counts)) return;
    await announce(subscriberId, 'watch', counts);
  }

  // ─── Timers: one of each per proxy, running while streams are open ─────────────────────────────────────

  function startTimers(): void {
    if (timers.length > 0) return;
    const every = (ms: number, run: () => void) => {
      const timer = setInterval(run, ms);
      (timer as { unref?: () => void }).unref?.();
      timers.push(timer);
    };
    every(heartbeatMs, () => {
      const now = Date.now();
      for (const [subscriberId, set] of streams) {
        void markPresent(subscriberId);
        for (const stream of set) {
          // A reader stuck for two heartbeats holds a slot for nothing: it reconnects when it wakes.
          const stalled = stream.stalledSince();
          if (stalled > 0 && now - stalled > heartbeatMs * 2) stream.end(false);
          else stream.ping();
        }
      }
    });
    every(reauthMs, () => void reauthenticate());
    if (watchIntervalMs > 0) {
      every(watchIntervalMs, () => {
        for (const subscriberId of streams.keys()) void watch(subscriberId);
      });
    }
  }

  function stopTimers(): void {
    for (const timer of timers) clearInterval(timer);
    timers = [];
  }

  async function reauthenticate(): Promise<void> {
    const all = [...streams.values()].flatMap((set) => [...set]);
    // In slices, so ten thousand streams do not ask the session store all at once.
    for (let at = 0; at < all.length; at += 100) {
      await Promise.all(
        all.slice(at, at + 100).map(async (stream) => {
          const now = await host.whoIs(stream.request);
          // `undefined`: the session could not be checked (reported); the stream stays until the next check.
          if (now !== undefined && now !== stream.subscriberId) stream.end(true);
        }),
      );
    }
  }

  // ─── Streams ──────────────────────────────────────────────────────────────────────────────────────────

  function stream(request: Request, subscriberId: string, path: string, scoped = false): Response {
    const mine = streams.get(subscriberId);
    if (closed) return host.fail(503, path, 'The server is shutting down');
    if (open >= maxStreams || (mine?.size ?? 0) >= maxPerSubscriber) {
      const perSubscriber = (mine?.size ?? 0) >= maxPerSubscriber;
      return host.fail(
        429,
        path,
        perSubscriber ? 'Too many open streams for this user' : 'Too many open streams',
        { 'retry-after': String(Math.ceil(Math.max(retryMs, 30_000) / 1000)) },
      );
    }
    const lastEventId = Number(request.headers.get('last-event-id') ?? NaN);

    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let pending: Uint8Array | null = null;
    let stalled = 0;
    let done = false;
    /** Until the hello is out, news waits (the newest only), so that the hello always comes first. */
    let greeted = false;
    let held: { reason: NotifLiveReason; counts: NotifCounts | null } | null = null;
    const push = (text: string, mergeable: boolean) => {
      if (done) return;
      const bytes = encoder.encode(text);
      if ((controller.desiredSize ?? 0) > 0) {
        controller.enqueue(bytes);
      } else if (mergeable) {
        // The reader is behind: keep only the newest notice (each says "refetch"; the last has the latest counts).
        pending = bytes;
        stalled ||= Date.now();
      }
    };
    const finish = () => {
      if (done) return;
      done = true;
      const set = streams.get(subscriberId);
      if (set?.delete(handle)) open--;
      if (set?.size === 0) {
        streams.delete(subscriberId);
        fingerprints.delete(subscriberId);
        helloCounts.delete(subscriberId);
      }
      if (open === 0) stopTimers();
      request.signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      try {
        controller.close();
      } catch {
        // already closed or errored
      }
    };
    const handle: Stream = {
      subscriberId,
      request,
      event: (id, reason, counts) =>
        reason !== 'hello' && !greeted
          ? void (held = { reason, counts })
          : push(
              `id: ${id}\nevent: changed\ndata: ${JSON.stringify({ counts: scoped ? null : numbersOnly(counts), reason })}\n\n`,
              true,
            ),
      ping: () => push(': ping\n\n', false),
      end: (signedOut) => {
        if (done) return;
        if (signedOut) {
          pending = null;
          // Past the queue's mark if need be: one short last line, then the end.
          controller.enqueue(encoder.encode('event: end\ndata: {"reason":"signed-out"}\n\n'));
        }
        onAbort();
      },
      stalledSince: () => stalled,
    };

    const body = new ReadableStream<Uint8Array>(
      {
        start(c) {
          controller = c;
          c.enqueue(encoder.encode(`retry: ${retryMs}\n\n`));
        },
        pull(c) {
          if (pending) {
            c.enqueue(pending);
            pending = null;
            stalled = 0;
          }
        },
        cancel() {
          finish();
        },
      },
      { highWaterMark: maxQueued },
    );

    if (!mine) streams.set(subscriberId, new Set([handle]));
    else mine.add(handle);
    open++;
    startTimers();
    if (request.signal?.aborted) onAbort();
    request.signal?.addEventListener('abort', onAbort);
    void markPresent(subscriberId);

    // The hello: the current counts (cached, or counted now); then, on a reconnect that missed events, one
    // catch-up `changed`. The subscriber comes from `authenticate` alone: Last-Event-ID is only a number.
    void currentCounts(subscriberId).then((counts) => {
      if (done) return;
      // The watcher's baseline is what the first hello told (a later hello's newer state would hide a
      // change from the earlier tabs): the page its counts were read from, else the counts themselves.
      const print = counts ? countedPage.get(counts) : undefined;
      if (!fingerprints.has(subscriberId)) {
        if (print) fingerprints.set(subscriberId, print);
        else if (!helloCounts.has(subscriberId)) helloCounts.set(subscriberId, counts);
      }
      const entry = historyOf(subscriberId);
      handle.event(nextId(entry), 'hello', counts);
      greeted = true;
      // News that came while the hello's counts were fetched: the one catch-up event (it says "refetch").
      if (held) {
        handle.event(nextId(entry), held.reason, held.counts ?? counts);
      } else if (Number.isSafeInteger(lastEventId) && lastEventId >= 0) {
        const missed = entry.ring.filter((event) => event.id > lastEventId);
        if (missed.length > 0 || lastEventId < historyFrom) {
          handle.event(nextId(entry), missed.at(-1)?.reason ?? 'publish', counts);
        }
      }
    });

    const headers = new Headers({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // Proxies in front (nginx) must not buffer the events.
      'x-accel-buffering': 'no',
    });
    return new Response(body, { status: 200, headers });
  }

  /**
   * Counts of a scope, by paging the service with its keys up to `countCap`. Not cached (a mark or a
   * publish changes them, and only the subscriber's counts are kept on the bus); a count already running
   * for the same scope is shared.
   */
  function countScope(subscriberId: string, contextKeys: readonly string[]): Promise<NotifCounts | null> {
    const name = `${key('scope', subscriberId)}\n${[...contextKeys].sort().join('&')}`;
    const running = countingScopes.get(name);
    if (running) return running;
    const work = tally(subscriberId, contextKeys)
      .catch((error: unknown) => {
        host.report(error, 'upstream');
        return null;
      })
      .finally(() => countingScopes.delete(name));
    countingScopes.set(name, work);
    return work;
  }

  async function counts(
    subscriberId: string,
    path: string,
    contextKeys: readonly string[] = [],
  ): Promise<Response> {
    const result =
      contextKeys.length > 0
        ? await countScope(subscriberId, contextKeys)
        : await currentCounts(subscriberId);
    if (!result) return host.fail(502, path, 'The notification service could not be reached');
    return new Response(JSON.stringify(numbersOnly(result)), {
      status: 200,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  }

  return {
    stream,
    counts,
    changed,
    close() {
      closed = true;
      stopTimers();
      stopBus?.();
      for (const set of [...streams.values()]) for (const stream of [...set]) stream.end(false);
    },
  };
}

function positive(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && value > 0 && Number.isFinite(value) ? value : fallback;
}

/** Counts rebuilt from numbers and a boolean: nothing else can reach a stream. */
function numbersOnly(counts: NotifCounts | null): NotifCounts | null {
  if (!counts) return null;
  return { unseen: counts.unseen, unread: counts.unread, exact: counts.exact === true };
}

function parseCounts(text: string | null): NotifCounts | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<NotifCounts>;
    return isCount(value.unseen) && isCount(value.unread) && typeof value.exact === 'boolean'
      ? { unseen: value.unseen, unread: value.unread, exact: value.exact }
      : null;
  } catch {
    return null;
  }
}

function parseBusMessage(text: string): BusMessage | null {
  try {
    const value = JSON.parse(text) as Partial<BusMessage>;
    if (typeof value.from !== 'string' || typeof value.subscriberId !== 'string') return null;
    if (!(LIVE_REASONS as readonly unknown[]).includes(value.reason)) return null;
    const counts = value.counts === null ? null : parseCounts(JSON.stringify(value.counts));
    const id = isCount(value.id) ? value.id : undefined;
    return { from: value.from, subscriberId: value.subscriberId, reason: value.reason!, counts, id };
  } catch {
    return null;
  }
}

function sameCounts(a: NotifCounts, b: NotifCounts): boolean {
  return a.unseen === b.unseen && a.unread === b.unread && a.exact === b.exact;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** The first page's ids and read/seen flags, hashed (FNV-1a, 32 bits, twice for 64): what the watcher compares. */
function fingerprint(page: MessagePage): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  const text = `${page.hasMore ? 1 : 0}|${page.items.map((m) => `${m.id}:${m.read ? 1 : 0}${m.seen ? 1 : 0}`).join(',')}`;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x811c9dc5 | 1) >>> 0;
  }
  return `${a.toString(36)}.${b.toString(36)}.${page.items.length}`;
}
