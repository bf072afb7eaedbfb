/**
 * The sending half of the inbox store's mark-as and mark-all, loaded with `import()` the first time a
 * person marks something (issue 24: nothing that runs only after a person acts is on the bell's critical
 * path). `inbox.ts` keeps the synchronous half: the change shows at once (its pending operations are in the
 * overlay before this module is asked for), and the job that sends it waits in the store's queue for this
 * module, so the user's order holds whenever it arrives. Should it fail to load, `inbox.ts` rolls the
 * change back and reports it as any failed request.
 *
 * Here: one mark-as request and what its answer (or failure) does to the overlay and the counts; the
 * batches of a long mark-as; a mark-all's batches, its walk through the pages not loaded
 * (`collectUnmarked`, see `inbox-mark-all.ts` for the rules) and the batches of what it found.
 */
import type { NotifClient } from '../client/client.js';
import type { MarkAs } from '../client/enums.js';
import type { applyMarkAs } from '../client/mark-as.js';
import type { Message } from '../client/types.js';
import { DESTROYED, OK, type ActionResult } from './contract.js';
import type { InboxCounts } from './inbox-counts.js';
import type { cleanPage } from './inbox-list.js';
import type { batches, MarkAllAs, needsMark } from './inbox-mark-all.js';
import type { listQuery } from './list-query.js';
import type { Overlay, PendingOp } from './inbox-overlay.js';
import type { InboxSyncMessage } from './inbox-sync.js';
import type { cleanAny, KeyedMessage } from './message-shape.js';

/**
 * The store's helpers this module uses, handed over by the store rather than imported: a bundler that
 * splits code cuts every module both halves import into a chunk of its own, each compressed apart, which
 * cost the bell's critical path more than these helpers weigh (measured with `bench/sizes.mjs`).
 */
export interface MarkLib {
  applyMarkAs: typeof applyMarkAs;
  cleanPage: typeof cleanPage;
  cleanAny: typeof cleanAny;
  batches: typeof batches;
  needsMark: typeof needsMark;
  listQuery: typeof listQuery;
  /** `MARK_ALL_PAGE_SIZE` and `MARK_ALL_MAX_PAGES` (see `inbox-mark-all.ts`). */
  pageSize: number;
  maxPages: number;
}

/** What the store lends this module: its state and the few functions that publish it. */
export interface MarkHost {
  client: NotifClient;
  subscriberId: string;
  contextKeys: readonly string[];
  signal: AbortSignal;
  overlay: Overlay;
  lib: MarkLib;
  /** The server's counts, when known (see `inbox.ts`); `setServer` replaces them. */
  server(): InboxCounts | null;
  setServer(counts: InboxCounts): void;
  pendingDelta(): { unseen: number; unread: number };
  commit(): void;
  fetchCounts(): void;
  send(message: InboxSyncMessage): void;
  /** Keeps the failure in `$actionError`. */
  failed(action: PendingOp['action'], markAs: MarkAs, ids: string[], error: unknown): void;
  /** Counts again (a count source that asks the service hears of the messages marked past the list). */
  recount(): void;
}

/** A mark-as of `ops` (its batches, already pending): one request each, in order. */
export async function sendMarks(
  host: MarkHost,
  ops: readonly PendingOp[],
  markAs: MarkAs,
): Promise<ActionResult> {
  if (ops.length === 1) return sendMark(host, ops[0]!);
  const failed: string[] = [];
  let error: unknown;
  for (const op of ops) {
    const result = await sendMark(host, op, (o, e) => {
      failed.push(...o.ids);
      host.failed(o.action, markAs, [...failed], (error = e));
    });
    if (!result.ok && result.reason === 'destroyed') return DESTROYED;
  }
  return failed.length > 0 ? { ok: false, reason: 'failed', error } : OK;
}

/**
 * A mark-all: its batches of loaded messages (`ops`, already pending), then, when `walk`, the walk through
 * the pages not loaded and the batches of what it found. See `markAllAs` of `InboxStore`.
 */
export async function sendMarkAll(
  host: MarkHost,
  ops: readonly PendingOp[],
  markAs: MarkAllAs,
  walk: { loaded: readonly Message[]; from: number } | null,
): Promise<ActionResult> {
  const { signal } = host;
  // One `$actionError` for the whole mark-all: the ids of every failed batch, the latest error.
  const failed: string[] = [];
  const failures: unknown[] = [];
  const report = (ids: readonly string[], error: unknown) => {
    failed.push(...ids);
    failures.push(error);
    host.failed('markAllAs', markAs, [...failed], error);
  };
  const send = (op: PendingOp) => sendMark(host, op, (o, error) => report(o.ids, error));

  for (const op of ops) await send(op);
  if (walk && !signal.aborted) {
    const { client, subscriberId, contextKeys, lib } = host;
    const found = await collectUnmarked({ client, subscriberId, markAs, signal, contextKeys, lib, ...walk });
    if (signal.aborted) return DESTROYED;
    // Not pending: these were not shown changed (not loaded when the user clicked). One loaded since
    // takes the service's answer once its batch is confirmed.
    for (const batch of host.lib.batches(found.ids)) {
      await send({ action: 'markAllAs', markAs, ids: batch, idSet: new Set(batch), at: new Date() });
    }
    if (found.error !== undefined) report([], found.error);
  }
  if (signal.aborted) return DESTROYED;
  host.recount();
  return failures.length > 0 ? { ok: false, reason: 'failed', error: failures.at(-1) } : OK;
}

/**
 * Sends `op` (pending in the overlay, or not when none of its messages was shown changed). A failure
 * rolls it back and goes to `report` (by default into `$actionError`).
 */
async function sendMark(
  host: MarkHost,
  op: PendingOp,
  report: (op: PendingOp, error: unknown) => void = (o, error) =>
    host.failed(o.action, o.markAs, [...o.ids], error),
): Promise<ActionResult> {
  const { overlay, signal } = host;
  const tick = overlay.tick();
  try {
    if (signal.aborted) throw signal.reason;
    const returned = await host.client.markMessagesAs(
      host.subscriberId,
      { messageId: op.ids, markAs: op.markAs },
      { signal },
    );
    if (signal.aborted) return DESTROYED;
    const before = host.server() && host.pendingDelta();
    overlay.pend(op, false);
    const answered = new Set<string>();
    const known: KeyedMessage[] = [];
    for (const message of host.lib.cleanAny(returned)) {
      answered.add(message._id);
      if (overlay.get(message._id)) overlay.offer(message, { tick, evenPending: true });
      known.push(message);
    }
    // The service confirmed the change: messages it did not send back take it locally (unless their
    // copy changed since the request was sent).
    for (const id of op.ids) {
      const current = overlay.get(id);
      if (!current || answered.has(id)) continue;
      const updated = host.lib.applyMarkAs(current, op.markAs, op.at);
      if (overlay.offer(updated, { tick, evenPending: true })) known.push(updated);
    }
    const server = host.server();
    if (server && before) {
      // The server's counts take what this mark changed, so the badge does not bounce back while the
      // proxy recounts (its next event, or `GET /counts` just below, replaces them).
      const after = host.pendingDelta();
      host.setServer({
        unseen: Math.max(0, server.unseen + before.unseen - after.unseen),
        unread: Math.max(0, server.unread + before.unread - after.unread),
        exact: server.exact,
      });
    }
    host.commit();
    host.fetchCounts();
    // The copies are as fresh as this answer: other tabs take them over anything they learnt before.
    host.send({ type: 'marked', subscriberId: host.subscriberId, at: Date.now(), messages: known });
    return OK;
  } catch (error) {
    // Roll back: the operation leaves the pending list, later ones stay applied.
    overlay.pend(op, false);
    host.commit();
    if (signal.aborted) return DESTROYED;
    report(op, error);
    return { ok: false, reason: 'failed', error };
  }
}

export interface WalkOptions {
  client: NotifClient;
  subscriberId: string;
  markAs: MarkAllAs;
  /** Aborted when the store is destroyed: the walk stops (its request rejects). */
  signal: AbortSignal;
  /** The loaded list when the user clicked, newest first (not empty). */
  loaded: readonly Message[];
  /** The service's index of the first message after the loaded list, as far as the store knows (≥ 1). */
  from: number;
  /** The store's scope (`contextKeys` of its list requests): the walk reads the same list. */
  contextKeys?: readonly string[];
  lib: MarkLib;
}

export interface WalkResult {
  /** Ids of messages past the loaded list that need the mark, in the service's order. */
  ids: string[];
  /** List requests made. */
  pages: number;
  /** True when the walk stopped at `MARK_ALL_MAX_PAGES` with more on the service. */
  capped: boolean;
  /** Set when a list request failed (an abort too: the caller checks its signal); `ids` holds what came before. */
  error?: unknown;
}

/**
 * Reads the subscriber's in-app messages from the page that holds the last loaded message on, and collects
 * those that need the mark.
 *
 * Only what existed when the user clicked is marked. Messages arrive on top of the service's list (newest
 * first), so a message listed after one of the loaded messages is older than the newest the user had: it
 * counts. One listed before them is an arrival (since the list was read, whether a poll brought it in
 * meanwhile or not): the user never saw it, it is left alone. Arrivals only push messages down the pages,
 * so the first page read holds a loaded message or only arrivals and loaded ones come before it; reading on
 * by page number then repeats a few messages (taken once) but skips none. Should the walk meet no loaded
 * message at all (the service dropped them), a message counts when it is older than the newest loaded one
 * (both dates are the service's: no clock skew).
 */
export async function collectUnmarked(o: WalkOptions): Promise<WalkResult> {
  const { client, subscriberId, markAs, signal, loaded, lib } = o;
  const loadedIds = new Set(loaded.map((m) => m._id));
  const newest = Date.parse(String(loaded[0]?.createdAt));
  const found = new Set<string>();
  const first = Math.floor(Math.max(0, o.from - 1) / lib.pageSize);
  let pastLoaded = false;
  let pages = 0;
  try {
    while (pages < lib.maxPages) {
      const res = await client.listMessages(
        lib.listQuery(subscriberId, o.contextKeys, first + pages, lib.pageSize),
        { signal },
      );
      pages++;
      const page = lib.cleanPage(0, res.data, res.hasMore, res.totalCount);
      for (const message of page.data) {
        if (loadedIds.has(message._id)) {
          pastLoaded = true;
          continue;
        }
        if (!pastLoaded && !(Date.parse(message.createdAt) < newest)) continue;
        if (lib.needsMark(message, markAs)) found.add(message._id);
      }
      if (!page.hasMore || page.data.length === 0) return { ids: [...found], pages, capped: false };
    }
    return { ids: [...found], pages, capped: true };
  } catch (error) {
    return { ids: [...found], pages, capped: false, error };
  }
}
