/**
 * The inbox store: one subscriber's in-app messages, paging, polling, optimistic mark-as, counts and tab
 * sync. Headless (no rendering); `document`, `BroadcastChannel` and `navigator.locks` are used only when
 * present. Elements render it and forward intent; all the logic lives here.
 *
 * How local changes meet responses: each loaded message has a confirmed copy (the last one the service
 * sent) with a revision that moves whenever that copy changes, and the list of pending mark-as operations
 * in the user's order. What `$messages` shows is the confirmed copy with the pending operations applied on
 * top, so a response that lands while later operations wait never hides them, and a failed operation rolls
 * back by simply leaving the list. A list response (or another tab's result) replaces a confirmed copy only
 * when no operation on that message is pending and its revision did not move since the request was sent.
 */
import { atom, batch, onMount, type ReadableAtom } from 'nanostores';
import type { NotifClient } from '../client/client.js';
import type { MarkAs } from '../client/enums.js';
import { applyMarkAs } from '../client/mark-as.js';
import type { Message } from '../client/types.js';
import {
  cleanPage,
  mergeMore,
  mergeTop,
  type FetchedPage,
  type KeyedMessage,
  type MergedTop,
} from './inbox-list.js';
import {
  hasBroadcastChannel,
  hasLocks,
  openChannel,
  postOnce,
  requestLeadership,
  syncName,
  type InboxChannel,
  type InboxSyncMessage,
} from './inbox-sync.js';

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
}

export type InboxStatus = { state: 'idle' } | { state: 'loading' } | { state: 'error'; error: unknown };

export interface InboxCounts {
  unseen: number;
  unread: number;
  /** False when the count covers only the loaded messages and the service has more. */
  exact: boolean;
}

export type CountSource = (state: {
  messages: readonly Message[];
  hasMore: boolean;
}) => InboxCounts | Promise<InboxCounts>;

export interface InboxActionError {
  action: 'markAs' | 'markAllAs';
  markAs: MarkAs;
  ids: string[];
  error: unknown;
}

export interface InboxStore {
  readonly subscriberId: string;
  readonly options: Readonly<Required<Omit<InboxStoreOptions, 'countSource'>>>;
  /** In-app messages, newest first, unique by `_id`. Subscribing to it (or to `$counts`) starts the store. */
  readonly $messages: ReadableAtom<readonly Message[]>;
  /** State of list loading: the first load, `loadMore` and `refresh` (background polls stay quiet). */
  readonly $status: ReadableAtom<InboxStatus>;
  /** True once the first page arrived. */
  readonly $loaded: ReadableAtom<boolean>;
  readonly $hasMore: ReadableAtom<boolean>;
  readonly $counts: ReadableAtom<InboxCounts>;
  /** The last failed mark-as; cleared by `dismissError()` or the next successful one. */
  readonly $actionError: ReadableAtom<InboxActionError | null>;
  /** Loads the next page. A no-op while a load is under way or when there is no more. */
  loadMore(): Promise<void>;
  /** Fetches the first page again and puts new messages on top. Retries after an error. */
  refresh(): Promise<void>;
  /** Changes the flags at once, then tells the service. Never rejects: failures go to `$actionError`. */
  markAs(ids: readonly string[], markAs: MarkAs): Promise<void>;
  /** Marks every loaded message that needs it, in one request (none when none needs it). */
  markAllAs(markAs: 'read' | 'seen'): Promise<void>;
  /** Hears messages that arrived through a refresh, a poll or another tab; not the first load nor `loadMore`. */
  onNewMessages(listener: (messages: readonly Message[]) => void): () => void;
  dismissError(): void;
  /** Stops polling, closes channels, aborts requests in flight. The store stays readable but inert. */
  destroy(): void;
}

/** Polling backs off up to this delay after failures. */
export const MAX_POLL_BACKOFF = 5 * 60_000;
/** A refresh fetches at most this many pages to reconnect with the loaded list. */
export const MAX_CATCH_UP_PAGES = 5;
/** Requests one `loadMore` may make (a catch-up of the top counts as one). */
const MAX_LOAD_MORE_STEPS = 4;

interface PendingOp {
  action: InboxActionError['action'];
  markAs: MarkAs;
  ids: string[];
  idSet: Set<string>;
  at: Date;
}

/** Limits on what a response may replace: see the module comment. */
interface Guard {
  /** The store's revision clock when the request was sent. */
  tick?: number;
  /** A wall-clock time the data is at least as fresh as (results from other tabs). */
  at?: number;
  /** Replace even messages with pending operations (a mark-as confirming itself). */
  evenPending?: boolean;
}

export function createInboxStore(client: NotifClient, options: InboxStoreOptions): InboxStore {
  const resolved = resolveOptions(options);
  const { subscriberId, pageSize, pollInterval, syncKey } = resolved;
  const countSource = options.countSource ?? countLoaded;
  const channelName = syncKey === false ? null : syncName(syncKey);
  const canSync = channelName !== null && hasBroadcastChannel();
  const useLocks = canSync && hasLocks();

  const $messages = atom<readonly Message[]>([]);
  const $status = atom<InboxStatus>({ state: 'idle' });
  const $loaded = atom(false);
  const $hasMore = atom(false);
  const $counts = atom<InboxCounts>({ unseen: 0, unread: 0, exact: false });
  const $actionError = atom<InboxActionError | null>(null);

  // --- list state -----------------------------------------------------------------------------------
  let order: string[] = [];
  let hasMore = false;
  /** Messages known to sit on the service above the list's top since it was last fetched (see mergeMore). */
  let shift = 0;
  const confirmed = new Map<string, KeyedMessage>();
  const revision = new Map<string, number>();
  const changedAt = new Map<string, number>();
  let clock = 0;
  let ops: PendingOp[] = [];
  const shown = new Map<string, { from: KeyedMessage; ops: PendingOp[]; value: Message }>();
  // What the atoms hold, kept here too: `atom.get()` on an unwatched atom would mount it (and start loading).
  let list: readonly Message[] = [];
  let counts: InboxCounts = $counts.value!;

  // --- lifecycle ------------------------------------------------------------------------------------
  const aborter = new AbortController();
  const signal = aborter.signal;
  let destroyed = false;
  let mounted = false;
  const newListeners = new Set<(messages: readonly Message[]) => void>();

  // --- loading --------------------------------------------------------------------------------------
  let listChain: Promise<void> = Promise.resolve();
  let listBusy = 0;
  let queuedRefresh: Promise<void> | null = null;
  let markChain: Promise<void> = Promise.resolve();

  // --- polling and tabs -----------------------------------------------------------------------------
  let leader = false;
  let releaseLeadership: (() => void) | null = null;
  let channel: InboxChannel | null = null;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let nextPollAt: number | undefined;
  let failures = 0;
  let countSeq = 0;
  let countShown = 0;

  // ==================================================================================================
  // Local copies

  function pending(id: string): boolean {
    return ops.some((op) => op.idSet.has(id));
  }

  function confirm(message: KeyedMessage): void {
    const id = message._id;
    const previous = confirmed.get(id);
    if (previous && sameJson(previous, message)) return;
    confirmed.set(id, message);
    revision.set(id, ++clock);
    changedAt.set(id, Date.now());
  }

  /** Replaces the confirmed copy if the guard allows; a message not loaded yet is always taken. */
  function offer(message: KeyedMessage, guard: Guard): void {
    const id = message._id;
    if (confirmed.has(id)) {
      if (!guard.evenPending && pending(id)) return;
      if (guard.tick !== undefined && (revision.get(id) ?? 0) > guard.tick) return;
      if (guard.at !== undefined && (changedAt.get(id) ?? -Infinity) > guard.at) return;
    }
    confirm(message);
  }

  function forget(keep: Set<string>): void {
    for (const id of [...confirmed.keys()]) {
      if (keep.has(id) || pending(id)) continue;
      confirmed.delete(id);
      revision.delete(id);
      changedAt.delete(id);
      shown.delete(id);
    }
  }

  function view(id: string): Message {
    const from = confirmed.get(id)!;
    const mine = ops.filter((op) => op.idSet.has(id));
    const cached = shown.get(id);
    if (cached && cached.from === from && sameItems(cached.ops, mine)) return cached.value;
    const value = mine.reduce<Message>((m, op) => applyMarkAs(m, op.markAs, op.at), from);
    shown.set(id, { from, ops: mine, value });
    return value;
  }

  /** Publishes the current state; atoms only change (and counts only rerun) when something did. */
  function commit(force = false): void {
    const next = order.filter((id) => confirmed.has(id)).map(view);
    const listChanged = !sameItems(list, next);
    const moreChanged = $hasMore.value !== hasMore;
    if (listChanged) list = next;
    batch(() => {
      if (listChanged) $messages.set(list);
      if (moreChanged) $hasMore.set(hasMore);
    });
    if (force || listChanged || moreChanged) recount();
  }

  // ==================================================================================================
  // Counts

  function recount(): void {
    const seq = ++countSeq;
    let result: InboxCounts | Promise<InboxCounts>;
    try {
      result = countSource({ messages: list, hasMore });
    } catch (error) {
      countFailed(error);
      return;
    }
    if (isPromise(result)) {
      result.then(
        (counts) => {
          if (destroyed || seq < countShown) return;
          countShown = seq;
          setCounts(counts);
        },
        (error: unknown) => countFailed(error),
      );
    } else {
      countShown = seq;
      setCounts(result);
    }
  }

  function setCounts(next: InboxCounts): void {
    if (counts.unseen === next.unseen && counts.unread === next.unread && counts.exact === next.exact) return;
    counts = { unseen: next.unseen, unread: next.unread, exact: next.exact };
    $counts.set(counts);
  }

  // ==================================================================================================
  // List loading (serialised: one list request at a time keeps the list an exact prefix)

  function enqueueList(job: () => Promise<void>, loud = false): Promise<void> {
    if (loud) $status.set({ state: 'loading' });
    listBusy++;
    const run = listChain.then(job).finally(() => {
      listBusy--;
      if (listBusy === 0) armPoll();
    });
    listChain = run.catch(() => {});
    return run;
  }

  /** Fetches page 0 (and following pages until they meet the loaded list) and merges them on top. */
  async function syncTop(): Promise<void> {
    const sentTick = clock;
    const sentAt = Date.now();
    const pages: FetchedPage[] = [];
    for (let page = 0; ; page++) {
      const res = await client.listMessages(
        { subscriberId, channel: 'in_app', page, limit: pageSize },
        { signal },
      );
      if (destroyed) return;
      pages.push({ data: cleanPage(res.data), hasMore: Boolean(res.hasMore) });
      const merge = mergeTop(order, hasMore, pages, MAX_CATCH_UP_PAGES);
      if (merge.kind === 'more') continue;
      applyTop(merge, { tick: sentTick });
      synced();
      send({ type: 'pages', subscriberId, at: sentAt, pages });
      return;
    }
  }

  /** Applies a merged top; arrivals are told only once a first list was shown. */
  function applyTop(merge: MergedTop, guard: Guard): void {
    const wasLoaded = $loaded.value;
    for (const message of merge.fresh) offer(message, guard);
    order = merge.order;
    hasMore = merge.hasMore;
    shift = 0;
    if (merge.replaced) forget(new Set(order));
    batch(() => {
      commit(!wasLoaded);
      $loaded.set(true);
    });
    if (wasLoaded && merge.arrivals.length > 0) {
      const arrived = new Set(merge.arrivals.map((m) => m._id));
      tell(list.filter((m) => arrived.has(m._id!)));
    }
  }

  function doRefresh(quiet: boolean): () => Promise<void> {
    return async () => {
      if (destroyed) return;
      if (!quiet) $status.set({ state: 'loading' });
      try {
        await syncTop();
        if (destroyed) return;
        if (!quiet || $status.value.state === 'error') $status.set({ state: 'idle' });
      } catch (error) {
        if (destroyed) return;
        failed();
        if (!quiet || !$loaded.value) $status.set({ state: 'error', error });
      }
    };
  }

  async function doLoadMore(): Promise<void> {
    if (destroyed || !hasMore) return;
    $status.set({ state: 'loading' });
    try {
      let caughtUp = false;
      for (let attempt = 0; attempt < MAX_LOAD_MORE_STEPS; attempt++) {
        const sentTick = clock;
        const page = Math.floor((order.length + shift) / pageSize);
        const res = await client.listMessages(
          { subscriberId, channel: 'in_app', page, limit: pageSize },
          { signal },
        );
        if (destroyed) return;
        const lastId = order[order.length - 1];
        const lastCreatedAt = lastId === undefined ? undefined : confirmed.get(lastId)?.createdAt;
        const merge = mergeMore(order, lastCreatedAt, cleanPage(res.data), { page, pageSize, shift });
        if (merge.shifted && !caughtUp) {
          // More messages arrived than a page absorbs: bring the top up to date, then ask again.
          caughtUp = true;
          await syncTop();
          if (destroyed) return;
          continue;
        }
        for (const message of merge.known) offer(message, { tick: sentTick });
        for (const message of merge.append) offer(message, { tick: sentTick });
        order = [...order, ...merge.append.map((m) => m._id)];
        hasMore = Boolean(res.hasMore);
        shift = merge.shift;
        commit();
        // A page made only of messages already loaded (arrivals pushed them down): go on to the next.
        if (merge.append.length > 0 || !hasMore) break;
      }
      $status.set({ state: 'idle' });
    } catch (error) {
      if (destroyed) return;
      $status.set({ state: 'error', error });
    }
  }

  function refresh(): Promise<void> {
    if (destroyed) return Promise.resolve();
    if (queuedRefresh) return queuedRefresh;
    const job = doRefresh(false);
    const run = enqueueList(async () => {
      queuedRefresh = null;
      await job();
    }, true);
    queuedRefresh = run;
    return run;
  }

  function loadMore(): Promise<void> {
    if (destroyed || listBusy > 0 || !hasMore) return Promise.resolve();
    return enqueueList(doLoadMore, true);
  }

  // ==================================================================================================
  // Mark-as (optimistic, serialised)

  function enqueueMark(action: PendingOp['action'], ids: readonly string[], markAs: MarkAs): Promise<void> {
    if (destroyed) return Promise.resolve();
    // A lone id passed from plain JavaScript is taken as one id, not as its characters.
    const given: readonly unknown[] = typeof ids === 'string' ? [ids] : Array.from(ids ?? []);
    const unique = [...new Set(given)].filter((id): id is string => typeof id === 'string' && id !== '');
    if (unique.length === 0) return Promise.resolve();
    const op: PendingOp = { action, markAs, ids: unique, idSet: new Set(unique), at: new Date() };
    ops = [...ops, op];
    commit();
    const run = markChain.then(() => sendMark(op));
    markChain = run;
    return run;
  }

  async function sendMark(op: PendingOp): Promise<void> {
    const sentTick = clock;
    try {
      if (destroyed) throw signal.reason;
      const returned = await client.markMessagesAs(
        subscriberId,
        { messageId: op.ids, markAs: op.markAs },
        { signal },
      );
      if (destroyed) return;
      ops = ops.filter((o) => o !== op);
      const answered = new Set<string>();
      const known: KeyedMessage[] = [];
      for (const message of cleanAny(returned)) {
        answered.add(message._id);
        if (confirmed.has(message._id)) offer(message, { tick: sentTick, evenPending: true });
        known.push(message);
      }
      // The service confirmed the change: messages it did not send back take it locally.
      for (const id of op.ids) {
        const current = confirmed.get(id);
        if (!current || answered.has(id) || (revision.get(id) ?? 0) > sentTick) continue;
        const updated = applyMarkAs(current, op.markAs, op.at);
        confirm(updated);
        known.push(updated);
      }
      batch(() => {
        commit();
        $actionError.set(null);
      });
      // The copies are as fresh as this answer: other tabs take them over anything they learnt before.
      send({ type: 'marked', subscriberId, at: Date.now(), messages: known });
    } catch (error) {
      // Roll back: the operation leaves the pending list, later ones stay applied.
      ops = ops.filter((o) => o !== op);
      commit();
      if (destroyed) return;
      $actionError.set({ action: op.action, markAs: op.markAs, ids: [...op.ids], error });
    }
  }

  function markAllAs(markAs: 'read' | 'seen'): Promise<void> {
    const ids = list.filter((m) => (markAs === 'read' ? !m.read : !m.seen)).map((m) => m._id!);
    return enqueueMark('markAllAs', ids, markAs);
  }

  // ==================================================================================================
  // New-message listeners

  function tell(messages: readonly Message[]): void {
    if (messages.length === 0) return;
    for (const listener of [...newListeners]) {
      try {
        listener(messages);
      } catch (error) {
        reportLater(error);
      }
    }
  }

  // ==================================================================================================
  // Tabs

  function send(message: InboxSyncMessage): void {
    if (!canSync || destroyed || channelName === null) return;
    if (channel) channel.post(message);
    else postOnce(channelName, message);
  }

  function receive(message: InboxSyncMessage): void {
    if (destroyed || message.subscriberId !== subscriberId) return;
    if (message.type === 'marked') {
      let any = false;
      for (const m of cleanAny(message.messages)) {
        if (!confirmed.has(m._id)) continue;
        offer(m, { at: message.at });
        any = true;
      }
      if (any) commit();
      return;
    }
    // Another tab's first pages: merge them as if this tab had polled.
    const pages = message.pages.map((p) => ({ data: cleanPage(p.data), hasMore: Boolean(p.hasMore) }));
    const merge = mergeTop(order, hasMore, pages, pages.length);
    if (merge.kind !== 'merged') return;
    applyTop(merge, { at: message.at });
    synced();
    if ($status.value.state === 'error') $status.set({ state: 'idle' });
    armPoll();
  }

  // ==================================================================================================
  // Polling

  function visible(): boolean {
    return typeof document === 'undefined' || document.visibilityState !== 'hidden';
  }

  function synced(): void {
    failures = 0;
    nextPollAt = Date.now() + pollInterval;
  }

  function failed(): void {
    failures++;
    const cap = Math.max(MAX_POLL_BACKOFF, pollInterval);
    nextPollAt = Date.now() + Math.min(pollInterval * 2 ** failures, cap);
  }

  function canPoll(): boolean {
    return !destroyed && mounted && pollInterval > 0 && leader && visible();
  }

  /** (Re)sets the poll timer from `nextPollAt`; list jobs re-arm it when they end. */
  function armPoll(): void {
    if (pollTimer !== undefined) clearTimeout(pollTimer);
    pollTimer = undefined;
    if (!canPoll() || listBusy > 0) return;
    const wait = nextPollAt === undefined ? 0 : Math.max(0, nextPollAt - Date.now());
    pollTimer = setTimeout(() => {
      pollTimer = undefined;
      if (canPoll() && listBusy === 0) void enqueueList(doRefresh(true));
    }, wait);
  }

  function setLeader(value: boolean): void {
    leader = value;
    armPoll();
  }

  /** The polling tab is one that is mounted and visible; a hidden tab lets another visible one poll. */
  function updateLeadership(): void {
    const want = !destroyed && mounted && pollInterval > 0 && visible();
    if (!useLocks) {
      setLeader(want);
      return;
    }
    if (want && !releaseLeadership) {
      releaseLeadership = requestLeadership(channelName!, setLeader);
    } else if (!want && releaseLeadership) {
      const release = releaseLeadership;
      releaseLeadership = null;
      release();
      setLeader(false);
    }
  }

  function onVisibility(): void {
    if (visible()) nextPollAt = Date.now(); // due at once
    updateLeadership();
    armPoll();
  }

  function start(): void {
    if (destroyed) return;
    mounted = true;
    if (canSync) channel = openChannel(channelName!, receive);
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility);
    if (!$loaded.value) {
      if (listBusy === 0) void enqueueList(doRefresh(false), true);
    } else {
      // Back after a while: catch up quietly.
      void enqueueList(doRefresh(true));
    }
    updateLeadership();
  }

  function stop(): void {
    if (!mounted) return;
    mounted = false;
    if (pollTimer !== undefined) clearTimeout(pollTimer);
    pollTimer = undefined;
    updateLeadership();
    channel?.close();
    channel = null;
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility);
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
    loadMore,
    refresh,
    markAs: (ids, markAs) => enqueueMark('markAs', ids, markAs),
    markAllAs,
    onNewMessages(listener) {
      newListeners.add(listener);
      return () => newListeners.delete(listener);
    },
    dismissError() {
      $actionError.set(null);
    },
    destroy() {
      if (destroyed) return;
      stop();
      destroyed = true;
      updateLeadership();
      aborter.abort(new DOMException('The inbox store was destroyed', 'AbortError'));
      newListeners.clear();
    },
  };
}

function resolveOptions(
  options: InboxStoreOptions,
): Readonly<Required<Omit<InboxStoreOptions, 'countSource'>>> {
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
  const syncKey = options.syncKey === undefined ? subscriberId : options.syncKey;
  return Object.freeze({
    subscriberId,
    pageSize,
    pollInterval,
    markSeenOnOpen: options.markSeenOnOpen ?? true,
    syncKey: syncKey === '' ? subscriberId : syncKey,
  });
}

/** The default count source: counts the loaded messages; exact once every page is loaded. */
export function countLoaded(state: { messages: readonly Message[]; hasMore: boolean }): InboxCounts {
  let unseen = 0;
  let unread = 0;
  for (const m of state.messages) {
    if (!m.seen) unseen++;
    if (!m.read) unread++;
  }
  return { unseen, unread, exact: !state.hasMore };
}

/** Mark-as responses are not filtered by channel: a message the user marked is kept whatever it says. */
function cleanAny(data: readonly Message[] | undefined): KeyedMessage[] {
  return (Array.isArray(data) ? data : []).filter(
    (m): m is KeyedMessage => typeof m?._id === 'string' && m._id !== '',
  );
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as Promise<T> | undefined)?.then === 'function';
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A listener that throws must not break the store nor the other listeners; the page still hears of it. */
function reportLater(error: unknown): void {
  if (typeof globalThis.reportError === 'function') globalThis.reportError(error);
  else console.error(error);
}

/** A failed count keeps the last counts. */
function countFailed(error: unknown): void {
  console.warn('notif-elements: the inbox count source failed; keeping the last counts.', error);
}
