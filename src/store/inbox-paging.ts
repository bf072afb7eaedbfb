/**
 * Paging of the inbox store: the loaded list (a run of the service's list, see `inbox-list.ts`), the first
 * load, `refresh`, `loadMore`, `retry` and polls. List requests go one at a time, so the list changes by
 * one certain step after another:
 *
 * - the top (a refresh, a poll, the first load) is read from page 0 on, each page placed against the pages
 *   before it, until it meets the loaded list (at most {@link MAX_CATCH_UP_PAGES} requests). It goes on
 *   top of the list; when it cannot meet the list, or disagrees with it, its first page replaces the list;
 * - `loadMore` asks for the page after the list's end. When that page cannot be placed with certainty
 *   (more messages arrived than the list knows of), it re-anchors by reading the top, then asks again.
 *
 * Without arrivals, the first load and each `loadMore` cost one request.
 */
import type { PreinitializedWritableAtom as Atom } from 'nanostores';
import type { NotifClient } from '../client/client.js';
import { createQueue, type StoreStatus } from './contract.js';
import { listQuery } from './list-query.js';
import { cleanPage, nextPage, overlap, place, type FetchedPage, type Run } from './inbox-list.js';
import type { Guard, Overlay } from './inbox-overlay.js';
import type { Poller } from './inbox-poller.js';
import type { InboxSyncMessage } from './inbox-sync.js';

/** The operations `$status` names when they fail; `retry()` runs the failed one again. */
export type ListOperation = 'refresh' | 'loadMore';

/** A refresh makes at most this many requests to meet the loaded list. */
export const MAX_CATCH_UP_PAGES = 5;
/** Pages one `loadMore` may ask for (each re-anchoring reads the top besides). */
const MAX_LOAD_MORE_STEPS = 4;

export interface PagingOptions {
  client: NotifClient;
  subscriberId: string;
  pageSize: number;
  /** The store's scope: sent on every list request (first page, next pages, polls). */
  contextKeys?: readonly string[];
  /** Aborted when the store is destroyed. */
  signal: AbortSignal;
  overlay: Overlay;
  $status: Atom<StoreStatus<ListOperation>>;
  /** Told when a read of the top ends, and when no list request is left. */
  poller: Poller;
  /** Publishes the list; `listed` when a list response was applied (the first one marks the store loaded). */
  commit(listed?: boolean): void;
  /** Hears the ids of messages that came in on top, once a first list was shown. */
  arrived(ids: string[]): void;
  /** Tells the other tabs. */
  send(message: InboxSyncMessage): void;
}

export interface Paging {
  /** The loaded list: ids in the service's order, and whether the service has more. */
  readonly list: Run;
  /** True while a list request is queued or under way. */
  readonly busy: boolean;
  /** Reads the top quietly (`$status` stays as it is unless it showed an error): a poll, a catch-up. */
  poll(): Promise<void>;
  /** Reads the top, showing it in `$status`: the first load, a refresh the person asked for. */
  refresh(): Promise<void>;
  loadMore(): Promise<void>;
  retry(): Promise<void>;
  /** Another tab's top pages: taken as if this tab had read them, as fresh as `at`. */
  receive(pages: FetchedPage[], at: number): void;
}

export function createPaging(o: PagingOptions): Paging {
  const { client, subscriberId, pageSize, signal, overlay, $status, poller } = o;
  const queue = createQueue();
  const time = (id: string | undefined) => overlay.get(id!)?.createdAt;
  let list = run();
  let loaded = false;
  let queuedRefresh: Promise<void> | null = null;

  function enqueue(job: () => Promise<void>, loud: boolean): Promise<void> {
    if (loud) $status.set({ state: 'loading' });
    return queue.run(job).finally(() => {
      if (queue.size) return;
      // "Loading" ends once the queue is free, so whoever hears "idle" can load more at once (the Unread
      // view does, until it has something to show).
      if (!signal.aborted && $status.value.state === 'loading') $status.set({ state: 'idle' });
      poller.arm();
    });
  }

  async function fetchPage(page: number): Promise<FetchedPage> {
    const res = await client.listMessages(listQuery(subscriberId, o.contextKeys, page, pageSize), { signal });
    return cleanPage(page * pageSize, res.data, res.hasMore, res.totalCount);
  }

  /** Places `page` against `target` (the list, or a top being read) and adds what continues it. */
  function extend(target: Run, page: FetchedPage, guard: Guard, quiet?: boolean): boolean {
    const placed = place(target.ids, page, target.anchor, time, quiet);
    if (placed) {
      for (const message of [...placed.known, ...placed.next]) overlay.offer(message, guard);
      target.ids = [...target.ids, ...placed.next.map((m) => m._id)];
      target.anchor = placed.anchor;
      target.hasMore = page.hasMore;
    }
    return !!placed;
  }

  /** Reads the top until it meets the list (or cannot go on), and puts it on top of the list. */
  async function syncTop(): Promise<void> {
    const guard = { tick: overlay.tick() };
    const at = Date.now();
    const pages = [await fetchPage(0)];
    const top = run();
    extend(top, pages[0]!, guard);
    while (pages.length < MAX_CATCH_UP_PAGES && top.hasMore && overlap(top.ids, list.ids) === -1) {
      const page = await fetchPage(nextPage(top, pageSize));
      if (signal.aborted || !extend(top, page, guard)) break;
      pages.push(page);
    }
    if (signal.aborted) return;
    apply(top, pages[0]!, guard);
    poller.done(true);
    o.send({ type: 'pages', subscriberId, at, pages });
  }

  /** Puts `top` on top of the list; when it does not meet the list, or disagrees, its first page replaces it. */
  function apply(top: Run, first: FetchedPage, guard: Guard): void {
    const wasLoaded = loaded;
    const known = new Set(list.ids);
    let from = overlap(top.ids, list.ids);
    if (from < 0) extend((top = run()), first, guard);
    const rest = from < 0 ? [] : list.ids.slice(top.ids.length - from);
    if (from < 0) from = top.ids.length;
    list = {
      ids: [...top.ids, ...rest],
      anchor: top.anchor,
      hasMore: rest.length > 0 ? list.hasMore : top.hasMore,
    };
    overlay.forget(new Set(list.ids));
    loaded = true;
    o.commit(true);
    // New: above what the list had. A fresh page that replaced the list holds messages it already had too
    // (another tab's late page, a top that could not be met): those are not news.
    const fresh = wasLoaded ? top.ids.slice(0, from).filter((id) => !known.has(id)) : [];
    if (fresh.length > 0) o.arrived(fresh);
  }

  function refreshJob(quiet: boolean): () => Promise<void> {
    return async () => {
      if (signal.aborted) return;
      if (!quiet) $status.set({ state: 'loading' });
      try {
        await syncTop();
        // A loud refresh ends as the queue frees (see `enqueue`); a quiet one clears an error it repaired.
        if (!signal.aborted && quiet && $status.value.state === 'error') $status.set({ state: 'idle' });
      } catch (error) {
        if (signal.aborted) return;
        poller.done(false);
        if (!quiet || !loaded) $status.set({ state: 'error', error, operation: 'refresh' });
      }
    };
  }

  async function loadMoreJob(): Promise<void> {
    if (signal.aborted || !list.hasMore) return;
    $status.set({ state: 'loading' });
    try {
      for (let step = 0; step < MAX_LOAD_MORE_STEPS && list.hasMore; step++) {
        const guard = { tick: overlay.tick() };
        const page = await fetchPage(nextPage(list, pageSize));
        if (signal.aborted) return;
        const { ids, anchor } = list;
        if (!extend(list, page, guard)) {
          // More may have arrived than the list knows of: read the top again (re-anchor), then ask again.
          await syncTop();
          if (signal.aborted) return;
          // Unless nothing arrived since the list was anchored (its first message sits where it did): then
          // the page is placed again, sure of that.
          if (list.ids.indexOf(ids[0]!) + list.anchor.at !== anchor.at || !extend(list, page, guard, true)) {
            continue;
          }
        }
        o.commit();
        // Done once something was added; a page that ended with the list's last message asks again.
        if (list.ids.length > ids.length) break;
      }
    } catch (error) {
      if (!signal.aborted) $status.set({ state: 'error', error, operation: 'loadMore' });
    }
  }

  function refresh(): Promise<void> {
    if (signal.aborted) return DONE;
    if (queuedRefresh) return queuedRefresh;
    const job = refreshJob(false);
    return (queuedRefresh = enqueue(() => {
      queuedRefresh = null;
      return job();
    }, true));
  }

  function loadMore(): Promise<void> {
    if (signal.aborted || queue.size > 0 || !list.hasMore) return DONE;
    return enqueue(loadMoreJob, true);
  }

  return {
    get list() {
      return list;
    },
    get busy() {
      return queue.size > 0;
    },
    poll: () => enqueue(refreshJob(true), false),
    refresh,
    loadMore,
    retry() {
      const status = $status.value;
      if (status.state !== 'error') return DONE;
      return status.operation === 'loadMore' ? loadMore() : refresh();
    },
    receive(pages, at) {
      if (pages[0]?.start !== 0) return;
      const guard = { at };
      const top = run();
      for (const page of pages) if (!extend(top, page, guard)) break;
      apply(top, pages[0], guard);
      poller.done(true);
      if ($status.value.state === 'error') $status.set({ state: 'idle' });
      poller.arm();
    },
  };
}

const DONE = Promise.resolve();

/** An empty run, read from the top. */
function run(): Run {
  return { ids: [], anchor: { at: 0 }, hasMore: false };
}
