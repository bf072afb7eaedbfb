/**
 * The inbox store: one subscriber's in-app messages, paging, polling, optimistic mark-as, counts and tab
 * sync. Headless (no rendering); `document`, `BroadcastChannel` and `navigator.locks` are used only when
 * present. Elements render it and forward intent; all the logic lives here and in its parts:
 *
 * - `inbox-overlay.ts`: confirmed copies, pending mark-as operations and the view of both;
 * - `inbox-paging.ts` (over `inbox-list.ts`): the loaded list, first load, refresh, loadMore, retry;
 * - `inbox-counts.ts`: counts;
 * - `inbox-poller.ts`: the poll timer, backoff and the election of the polling tab;
 * - `inbox-sync.ts`: what tabs tell each other, and the lock that elects the polling tab;
 * - `inbox-live.ts` (loaded with `import()`): the proxy's event stream, run by the elected tab;
 * - `inbox-mark-all.ts`: the batches of a mark-all (and of a long mark-as);
 * - `inbox-marks.ts` (loaded with `import()` once the first page shows, or at the first mark): sending
 *   mark-as changes and a mark-all, and the mark-all's walk through the pages not loaded.
 *
 * This module wires them together and queues mark-as changes: each shows at once (a pending operation of
 * the overlay), then goes to the service, one request at a time in the user's order. The answer becomes
 * the confirmed copy; a failure rolls back exactly that change and is kept in `$actionError`. A mark-all
 * is one such job in that order: its batches, then its walk and the batches of what the walk found.
 *
 * Status, action results and the error policy are those of both stores: see `contract.ts`.
 */
import { atom, batch, onMount, type ReadableAtom } from 'nanostores';
import type { NotifClient } from '../client/client.js';
import type { MarkAs } from '../client/enums.js';
import { applyMarkAs } from '../client/mark-as.js';
import type { Message } from '../client/types.js';
import {
  createQueue,
  deepEqual,
  DESTROYED,
  OK,
  safely,
  type ActionResult,
  type StoreStatus,
} from './contract.js';
import { countLoaded, countsOf, createCounts, type CountSource, type InboxCounts } from './inbox-counts.js';
import { cleanPage } from './inbox-list.js';
import { cleanAny } from './message-shape.js';
import {
  batches,
  MARK_ALL_MAX_PAGES,
  MARK_ALL_PAGE_SIZE,
  needsMark,
  type MarkAllAs,
} from './inbox-mark-all.js';
import { listQuery, scopeKeys } from './list-query.js';
import type * as Marks from './inbox-marks.js';
import type { MarkHost, MarkLib } from './inbox-marks.js';
import { createOverlay, sameItems, type PendingOp } from './inbox-overlay.js';
import { createPaging, type ListOperation } from './inbox-paging.js';
import { createPoller } from './inbox-poller.js';
import {
  hasBroadcastChannel,
  hasLocks,
  openChannel,
  postOnce,
  syncName,
  type InboxChannel,
  type InboxSyncMessage,
  type LiveMode,
} from './inbox-sync.js';

export { countLoaded, type CountSource, type InboxCounts } from './inbox-counts.js';
export { MAX_CATCH_UP_PAGES, type ListOperation } from './inbox-paging.js';
export { MARK_ALL_BATCH_SIZE, MARK_ALL_MAX_PAGES, MARK_ALL_PAGE_SIZE } from './inbox-mark-all.js';
export { MAX_POLL_BACKOFF, SAFETY_POLL } from './inbox-poller.js';
export type { LiveMode } from './inbox-sync.js';

export interface InboxStoreOptions {
  subscriberId: string;
  /** Messages per page. Default 20. */
  pageSize?: number;
  /** Milliseconds between refreshes of the first page while mounted and visible. Default 30 000; 0 = off. */
  pollInterval?: number;
  /** Whether opening the inbox marks its messages seen. Default true. Read by the bell; the store only exposes it. */
  markSeenOnOpen?: boolean;
  /** Replaces the default count (over the loaded messages). */
  countSource?: CountSource;
  /**
   * Name suffix of the BroadcastChannel and Web Lock shared by tabs showing this inbox. Default the
   * subscriber id; `false` turns tab sync off (every tab polls on its own).
   */
  syncKey?: string | false;
  /**
   * Whether to read the proxy's `GET {baseUrl}/stream` (`notif-elements/proxy` with `live`): its events
   * refresh the first page and bring exact counts, and polls slow down to {@link SAFETY_POLL}. Default: on
   * when polling is (`pollInterval > 0`). The cost is one request when the store is first mounted; where
   * there is no stream (404, 403, 405, not an event stream) the store polls as without it and never asks
   * again. See `$live`. Default off for a scoped store (`contextKeys`): the stream tells the subscriber's
   * counts, not the scope's, and one stream per scope would multiply connections.
   */
  live?: boolean;
  /**
   * The store's scope: only messages with every one of these context keys (exact keys `type:id`, §4.9). Sent
   * on every list request (first page, next pages, polls, a mark-all's walk). A scoped store syncs with the
   * other tabs of the same scope only (its `syncKey` gets the keys). Default none: every in-app message.
   */
  contextKeys?: readonly string[];
}

/** A store's options with their defaults. */
export type ResolvedInboxOptions = Readonly<
  Required<Omit<InboxStoreOptions, 'countSource' | 'contextKeys'>> & { contextKeys?: readonly string[] }
>;

export interface InboxActionError {
  action: 'markAs' | 'markAllAs';
  markAs: MarkAs;
  /**
   * The ids whose change failed (and was rolled back). For `markAllAs`, those of every failed batch of that
   * mark-all; it may lack ids when a list request of its walk failed (which messages it would have found is
   * not known).
   */
  ids: string[];
  /** The latest error. */
  error: unknown;
}

/** The state of list loading; an error names the operation `retry()` runs again. */
export type InboxStatus = StoreStatus<ListOperation>;

export interface InboxStore {
  readonly subscriberId: string;
  /** The options resolved (`contextKeys` sorted and unique; absent only on stores made elsewhere, as fakes). */
  readonly options: ResolvedInboxOptions;
  /** In-app messages, newest first, unique by `_id`. Subscribing to it (or to `$counts`) starts the store. */
  readonly $messages: ReadableAtom<readonly Message[]>;
  /** State of list loading: the first load, `loadMore` and `refresh` (background polls stay quiet). */
  readonly $status: ReadableAtom<InboxStatus>;
  /** True once the first page arrived. */
  readonly $loaded: ReadableAtom<boolean>;
  readonly $hasMore: ReadableAtom<boolean>;
  /**
   * `unseen` (what the bell's badge shows) and `unread` (the Unread view's count). From the proxy's stream
   * (or `GET /counts`) when there is one: exact, with optimistic marks applied at once; otherwise counted
   * over the loaded messages (or by `countSource`), `exact: false` while more pages exist.
   */
  readonly $counts: ReadableAtom<InboxCounts>;
  /**
   * The live edge: `connecting` (the stream is asked for, or reconnecting after a drop; polls run as usual),
   * `streaming` (its events drive refreshes; a safety poll every {@link SAFETY_POLL}), `polling` (no stream
   * at this base URL, or `live: false`: polls every `pollInterval`), `off` (not mounted, no polling, or the
   * stream ended because the user signed out). Tabs sharing a `syncKey` show the elected tab's mode.
   */
  readonly $live: ReadableAtom<LiveMode>;
  /** The last failed mark-as; kept until `dismissError()` or a newer failure (see `contract.ts`). */
  readonly $actionError: ReadableAtom<InboxActionError | null>;
  /** Loads the next page. A no-op while a load is under way or when there is no more. */
  loadMore(): Promise<void>;
  /** Fetches the first page again and puts new messages on top. */
  refresh(): Promise<void>;
  /** Runs the list request that failed again (the `operation` of the error status); nothing without an error. */
  retry(): Promise<void>;
  /**
   * Changes the flags at once, then tells the service, in requests of at most `MARK_ALL_BATCH_SIZE` (100)
   * ids (a failed one rolls back only its own messages). Never rejects: see {@link ActionResult}.
   */
  markAs(ids: readonly string[], markAs: MarkAs): Promise<ActionResult>;
  /**
   * Marks every message of the subscriber that needs it, loaded or not. The loaded ones change at once
   * (counts too) and are sent in batches of at most `MARK_ALL_BATCH_SIZE` (100) ids: one request for up
   * to 100, none when none needs it. When the service has more than is loaded, the store then reads on
   * from the end of the list (`MARK_ALL_PAGE_SIZE`, 100, a page; at most `MARK_ALL_MAX_PAGES`, 10, pages)
   * and marks what it finds in batches too; those messages are not added to `$messages`. Messages newer
   * than the newest loaded one (arrivals the user has not seen) are left alone.
   *
   * A failed batch rolls back its loaded messages and sets `$actionError` (ids of every failed batch); the
   * other batches still go. Resolves once all is sent: `{ ok: true }`, or `failed` with the latest error
   * when a batch or a list request failed, or `destroyed`. Later changes wait for it (the user's order).
   */
  markAllAs(markAs: 'read' | 'seen'): Promise<ActionResult>;
  /** Hears messages that arrived through a refresh, a poll or another tab; not the first load nor `loadMore`. */
  onNewMessages(listener: (messages: readonly Message[]) => void): () => void;
  dismissError(): void;
  /** Stops polling, closes channels, aborts requests in flight. The store stays readable but inert. */
  destroy(): void;
}

export function createInboxStore(client: NotifClient, options: InboxStoreOptions): InboxStore {
  const resolved = resolveOptions(options);
  const { subscriberId, pageSize, pollInterval, syncKey, live, contextKeys } = resolved;
  const channelName = syncKey !== false && hasBroadcastChannel() ? syncName(syncKey) : null;

  const $messages = atom<readonly Message[]>([]);
  const $status = atom<InboxStatus>({ state: 'idle' });
  const $loaded = atom(false);
  const $hasMore = atom(false);
  const $counts = atom<InboxCounts>({ unseen: 0, unread: 0, exact: false });
  const $actionError = atom<InboxActionError | null>(null);
  const fallback: LiveMode = pollInterval > 0 ? 'polling' : 'off';
  const $live = atom<LiveMode>('off');

  const aborter = new AbortController();
  const signal = aborter.signal;
  const newListeners = new Set<(messages: readonly Message[]) => void>();
  // What `$messages` holds, kept here too: `atom.get()` on an unwatched atom would mount it (and start loading).
  let list: readonly Message[] = [];

  const overlay = createOverlay();
  const marks = createQueue();
  // The server's counts (stream events, `GET /counts`): once known, they replace the local count.
  let server: InboxCounts | null = null;
  let serverId = 0; // the id of the event they came from: an older one never replaces them
  let version = 0; // moves whenever `server` changes: a `/counts` answer asked before is dropped
  const recount = createCounts(options.countSource ?? countLoaded, $counts, signal, () => server !== null);
  let channel: InboxChannel | null = null;
  let streamer: AbortController | null = null; // while this tab runs the stream
  let leading = false;
  let noStream = !live; // no stream at this base URL (or signed out): never asked again
  let countsRoute = false; // the proxy answered a stream once, so it has `/counts` too
  let lastEventId = '';
  const poller = createPoller({
    pollInterval,
    signal,
    lock: channelName !== null && hasLocks() ? channelName : null,
    busy: () => paging.busy,
    poll: () => void paging.poll().then(fetchCounts),
    live,
    onLeader(lead) {
      leading = lead;
      if (lead) startStream();
      else stopStream();
    },
  });
  const paging = createPaging({
    client,
    subscriberId,
    pageSize,
    contextKeys,
    signal,
    overlay,
    $status,
    poller,
    commit,
    arrived(ids) {
      const arrived = new Set(ids);
      tell(list.filter((m) => arrived.has(m._id!)));
    },
    send,
  });
  // What the sending of marks (`inbox-marks.ts`, loaded on the first one) uses of this store.
  const host: MarkHost = {
    client,
    subscriberId,
    contextKeys,
    signal,
    overlay,
    lib: MARK_LIB,
    server: () => server,
    setServer(counts) {
      server = counts;
      version++;
    },
    pendingDelta,
    commit,
    fetchCounts,
    send,
    failed: reportFailure,
    recount: () => recount(list, paging.list.hasMore),
  };

  /**
   * Publishes the current state; atoms only change (and counts only rerun) when something did. `listed`
   * when a list response was applied: the first one marks the store loaded and always counts.
   */
  function commit(listed = false): void {
    const { ids, hasMore } = paging.list;
    const next = ids.filter((id) => overlay.get(id)).map(overlay.view);
    const listChanged = !sameItems(list, next);
    const moreChanged = $hasMore.value !== hasMore;
    const first = listed && !$loaded.value;
    if (listChanged) list = next;
    if (first) warmMarks(signal);
    batch(() => {
      if (listChanged) $messages.set(list);
      if (moreChanged) $hasMore.set(hasMore);
      if (first) $loaded.set(true);
      if (first || listChanged || moreChanged) {
        if (server) showCounts();
        else recount(list, hasMore);
      }
    });
  }

  /** What the pending (not yet confirmed) marks take off the loaded messages' counts. */
  function pendingDelta(): { unseen: number; unread: number } {
    let unseen = 0;
    let unread = 0;
    for (const id of paging.list.ids) {
      const confirmed = overlay.get(id);
      if (!confirmed) continue;
      const shown = overlay.view(id);
      unseen += Number(!shown.seen) - Number(!confirmed.seen);
      unread += Number(!shown.read) - Number(!confirmed.read);
    }
    return { unseen, unread };
  }

  /** The server's counts with the pending marks applied. */
  function showCounts(): void {
    if (!server) return;
    const d = pendingDelta();
    const next: InboxCounts = {
      unseen: Math.max(0, server.unseen + d.unseen),
      unread: Math.max(0, server.unread + d.unread),
      exact: server.exact,
    };
    if (!deepEqual($counts.value, next)) $counts.set(next);
  }

  function takeCounts(counts: InboxCounts | null, id: number): void {
    if (!counts || id <= serverId) return;
    serverId = id;
    server = counts;
    version++;
    showCounts();
  }

  /** `GET /counts`, where the proxy has it and the stream is not telling them (reconnecting, after a mark). */
  function fetchCounts(): void {
    if (!countsRoute || $live.value === 'streaming' || !client.getCounts || signal.aborted) return;
    const asked = version;
    client.getCounts({ signal }).then(
      (value) => {
        const counts = countsOf(value);
        if (!counts || asked !== version || signal.aborted) return;
        server = counts;
        version++;
        showCounts();
      },
      () => {}, // the list's own requests report failures; the counts stay as they were
    );
  }

  function setLive(mode: LiveMode): void {
    if ($live.value !== mode) $live.set(mode);
    poller.slow(mode === 'streaming');
    if (leading) announce();
  }

  function announce(): void {
    send({ type: 'live', subscriberId, mode: $live.value, id: serverId, counts: server });
  }

  /** Runs the stream in this tab, the elected one (see `inbox-live.ts`). */
  function startStream(): void {
    if (noStream || streamer || signal.aborted || typeof client.openStream !== 'function') return;
    const own = (streamer = new AbortController());
    const stopped = () => own.signal.aborted || signal.aborted;
    setLive('connecting');
    import('./inbox-live.js')
      .then(({ runLive }) =>
        runLive({
          client,
          signal: own.signal,
          lastEventId,
          up(up) {
            if (stopped()) return;
            if (up) countsRoute = true;
            setLive(up ? 'streaming' : 'connecting');
            if (!up) fetchCounts();
          },
          changed(change) {
            if (stopped()) return;
            lastEventId = String(change.id);
            takeCounts(change.counts, change.id);
            announce();
            void paging.poll();
          },
          unavailable() {
            if (stopped()) return;
            noStream = true;
            streamer = null;
            setLive(fallback);
          },
          ended() {
            if (stopped()) return;
            noStream = true;
            streamer = null;
            setLive('off');
            // Signed out: the refresh meets the 401 and shows it, as any list request would.
            void paging.refresh();
          },
        }),
      )
      .catch(() => {
        // The chunk could not load: poll as without a stream.
        if (stopped()) return;
        streamer = null;
        setLive(fallback);
      });
  }

  function stopStream(): void {
    streamer?.abort();
    streamer = null;
    poller.slow(false);
  }

  function tell(messages: readonly Message[]): void {
    if (messages.length === 0) return;
    for (const listener of [...newListeners]) safely(() => listener(messages));
  }

  /** Tells the other tabs (through the channel held while mounted, else a short-lived one). */
  function send(message: InboxSyncMessage): void {
    if (signal.aborted || channelName === null) return;
    if (channel) channel.post(message);
    else postOnce(channelName, message);
  }

  function mark(action: PendingOp['action'], ids: readonly string[], markAs: MarkAs): Promise<ActionResult> {
    if (signal.aborted) return Promise.resolve(DESTROYED);
    // A lone id passed from plain JavaScript is taken as one id, not as its characters.
    const given: readonly unknown[] = typeof ids === 'string' ? [ids] : Array.from(ids ?? []);
    const unique = [...new Set(given)].filter((id): id is string => typeof id === 'string' && id !== '');
    if (unique.length === 0) return Promise.resolve(OK);
    // Batches of at most `MARK_ALL_BATCH_SIZE` ids, as a mark-all's: the bell marking a long list seen must
    // stay under the service's body limit (5,000 ids are over 100 KiB, which it refuses with 413). Each batch
    // is its own pending operation, so a failed one rolls back only its own messages.
    const at = new Date();
    const ops = batches(unique).map((batch) => pendingOp(action, batch, markAs, at));
    for (const op of ops) overlay.pend(op, true);
    commit();
    return sending(action, markAs, ops, (m) => m.sendMarks(host, ops, markAs));
  }

  function pendingOp(action: PendingOp['action'], ids: string[], markAs: MarkAs, at: Date): PendingOp {
    return { action, markAs, ids, idSet: new Set(ids), at };
  }

  /**
   * Queues the sending of `ops` (already pending, so shown) in the user's order. The sending code loads
   * on the first mark (`inbox-marks.ts`); a job queued before it arrived waits for it. Should it not load,
   * the change rolls back and the failure is kept, as a failed request's would be.
   */
  function sending(
    action: PendingOp['action'],
    markAs: MarkAs,
    ops: readonly PendingOp[],
    job: (sender: typeof Marks) => Promise<ActionResult>,
  ): Promise<ActionResult> {
    return marks.run(() =>
      loadMarks().then(job, (error: unknown) => {
        for (const op of ops) overlay.pend(op, false);
        commit();
        if (signal.aborted) return DESTROYED;
        reportFailure(
          action,
          markAs,
          ops.flatMap((op) => op.ids),
          error,
        );
        return { ok: false, reason: 'failed', error };
      }),
    );
  }

  function reportFailure(action: PendingOp['action'], markAs: MarkAs, ids: string[], error: unknown): void {
    $actionError.set({ action, markAs, ids, error });
  }

  /** See `markAllAs` in {@link InboxStore}, `inbox-mark-all.ts` and `inbox-marks.ts`. */
  function markAll(markAs: MarkAllAs): Promise<ActionResult> {
    if (signal.aborted) return Promise.resolve(DESTROYED);
    const loaded = list;
    const ids = loaded.filter((m) => needsMark(m, markAs)).map((m) => m._id!);
    // The walk starts where the loaded list ends (arrivals since only push that place down: nothing is
    // skipped). Nothing loaded, nothing the user saw: no walk (`list` is never empty while `hasMore`).
    const { anchor, ids: run, hasMore } = paging.list;
    const walk = hasMore && loaded.length > 0 ? { loaded, from: anchor.at + run.length } : null;
    if (ids.length === 0 && !walk) return Promise.resolve(OK);

    // All loaded messages change at once: one pending operation per batch, so a failed batch rolls back
    // only its own messages.
    const at = new Date();
    const ops = batches(ids).map((batch) => pendingOp('markAllAs', batch, markAs, at));
    for (const op of ops) overlay.pend(op, true);
    if (ops.length > 0) commit();

    return sending('markAllAs', markAs, ops, (m) => m.sendMarkAll(host, ops, markAs, walk));
  }

  function receive(message: InboxSyncMessage): void {
    if (signal.aborted || message.subscriberId !== subscriberId) return;
    if (message.type === 'live?') {
      if (leading && streamer) announce();
      return;
    }
    if (message.type === 'live') {
      if (leading && streamer) return;
      // The elected tab's stream: its mode, its counts, and whether there is a stream at all.
      if (message.mode === 'polling' || message.mode === 'off') noStream = true;
      if (message.id > 0) lastEventId = String(message.id);
      if (message.mode === 'streaming') countsRoute = true;
      if ($live.value !== message.mode) $live.set(message.mode);
      takeCounts(countsOf(message.counts), message.id);
      return;
    }
    if (message.type === 'marked') {
      let any = false;
      for (const m of cleanAny(message.messages)) {
        if (!overlay.get(m._id)) continue;
        overlay.offer(m, { at: message.at });
        any = true;
      }
      if (any) commit();
      return;
    }
    // Another tab's top pages, cleaned again; a tab of an older version sends no `start`: they are ignored.
    const pages = message.pages.map((p) => cleanPage(p.start, p.data, p.hasMore, p.total));
    paging.receive(pages, message.at);
  }

  function start(): void {
    if (signal.aborted) return;
    if (channelName !== null) channel = openChannel(channelName, receive);
    $live.set(noStream || typeof client.openStream !== 'function' ? fallback : 'connecting');
    send({ type: 'live?', subscriberId });
    if (!$loaded.value) {
      if (!paging.busy) void paging.refresh();
    } else {
      // Back after a while: catch up quietly.
      void paging.poll();
    }
    poller.mount(true);
  }

  function stop(): void {
    poller.mount(false);
    stopStream();
    channel?.close();
    channel = null;
    $live.set('off');
  }

  onMount($messages, () => {
    start();
    return stop;
  });
  // A badge that only shows counts still needs the list: watching `$counts` mounts `$messages`.
  onMount($counts, () => $messages.listen(() => {}));

  return {
    subscriberId,
    options: resolved,
    $messages,
    $status,
    $loaded,
    $hasMore,
    $counts,
    $actionError,
    $live,
    loadMore: paging.loadMore,
    refresh: paging.refresh,
    retry: paging.retry,
    markAs: (ids, markAs) => mark('markAs', ids, markAs),
    markAllAs: markAll,
    onNewMessages(listener) {
      newListeners.add(listener);
      return () => newListeners.delete(listener);
    },
    dismissError() {
      $actionError.set(null);
    },
    destroy() {
      if (signal.aborted) return;
      stop();
      aborter.abort(new DOMException('The inbox store was destroyed', 'AbortError'));
      newListeners.clear();
    },
  };
}

function resolveOptions(
  options: InboxStoreOptions,
): ResolvedInboxOptions & { contextKeys: readonly string[] } {
  const { subscriberId } = options;
  if (typeof subscriberId !== 'string' || subscriberId === '') {
    throw new TypeError('createInboxStore: subscriberId is required');
  }
  const pageSize = options.pageSize ?? 20;
  if (!Number.isInteger(pageSize) || pageSize < 1) {
    throw new RangeError(`createInboxStore: pageSize must be a positive integer, got ${String(pageSize)}`);
  }
  const pollInterval = options.pollInterval ?? 30_000;
  if (typeof pollInterval !== 'number' || !Number.isFinite(pollInterval) || pollInterval < 0) {
    throw new RangeError(`createInboxStore: pollInterval must be 0 or more ms, got ${String(pollInterval)}`);
  }
  const contextKeys = Object.freeze(checkContextKeys(options.contextKeys));
  const given = options.syncKey === undefined || options.syncKey === '' ? subscriberId : options.syncKey;
  // Tabs of another scope list other messages: they must never take this store's pages.
  const syncKey = given === false || contextKeys.length === 0 ? given : `${given}|${contextKeys.join('&')}`;
  const live = options.live ?? (pollInterval > 0 && contextKeys.length === 0);
  return Object.freeze({
    subscriberId,
    pageSize,
    pollInterval,
    markSeenOnOpen: options.markSeenOnOpen ?? true,
    syncKey,
    live: live !== false,
    contextKeys,
  });
}

/** The scope's keys, sorted and unique (two orders are one scope); throws on anything but non-empty strings. */
function checkContextKeys(keys: readonly string[] | undefined): string[] {
  if (keys === undefined || keys === null) return [];
  if (!Array.isArray(keys) || keys.some((key) => typeof key !== 'string' || key === '')) {
    throw new TypeError('createInboxStore: contextKeys must be an array of non-empty strings');
  }
  return scopeKeys(keys);
}

/** What `inbox-marks.ts` uses of the store's modules (see `MarkLib` for why it does not import them). */
const MARK_LIB: MarkLib = {
  applyMarkAs,
  cleanPage,
  cleanAny,
  batches,
  needsMark,
  listQuery,
  pageSize: MARK_ALL_PAGE_SIZE,
  maxPages: MARK_ALL_MAX_PAGES,
};

let marksModule: Promise<typeof Marks> | undefined;

/**
 * The sending of marks, loaded once for every store; asked again after a failed load. The client's own
 * mark-as (`client-operations.ts`, loaded by the client on its first call) comes with it, so a mark's request
 * does not wait for a second chunk after the first.
 */
function loadMarks(): Promise<typeof Marks> {
  return (marksModule ??= Promise.all([
    import('./inbox-marks.js'),
    import('../client/client-operations.js'),
  ]).then(
    ([marks]) => marks,
    (error: unknown) => {
      marksModule = undefined;
      throw error;
    },
  ));
}

/**
 * Once the first page shows (the count is out): loads the sending of marks, so that a person's first mark
 * goes to the service at once rather than after a chunk (a page left right after a click must not lose it).
 * Never on the critical path: when the page is idle after the rows are drawn (a task queued at once ran
 * between the frame that shows them and the next, up to 14 ms on the bench's page), within a second; a mark
 * made sooner waits for it in the queue.
 */
function warmMarks(signal: AbortSignal): void {
  const load = () => {
    if (!signal.aborted) loadMarks().catch(() => {}); // a mark asks again, and reports a failure
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 1000 });
  else setTimeout(load, 200); // no idle callbacks (Safari, servers)
}
