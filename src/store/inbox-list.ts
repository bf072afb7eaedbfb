/**
 * Pure list logic of the inbox store: how a fetched page joins the loaded list so that the list stays an
 * exact prefix of the service's list (newest first, paged by page number) while new messages push the
 * service's pages down. No state, no I/O: `inbox.ts` owns both.
 */
import type { Message } from '../client/types.js';

/** A message the store keeps: it has an `_id`. */
export type KeyedMessage = Message & { _id: string };

/** One fetched page, cleaned by {@link cleanPage}. */
export interface FetchedPage {
  data: KeyedMessage[];
  hasMore: boolean;
}

/** Keeps in-app messages that have an `_id`, the first copy of each id, in the service's order. */
export function cleanPage(data: readonly Message[] | undefined): KeyedMessage[] {
  const seen = new Set<string>();
  const kept: KeyedMessage[] = [];
  for (const message of data ?? []) {
    const id = message?._id;
    if (typeof id !== 'string' || id === '' || message.channel !== 'in_app' || seen.has(id)) continue;
    seen.add(id);
    kept.push(message as KeyedMessage);
  }
  return kept;
}

/** The result of joining fresh top pages (page 0, 1, ...) with the loaded list. */
export type TopMerge =
  /** No overlap yet and the service has more: fetch the next page. */
  { kind: 'more' } | MergedTop;

export interface MergedTop {
  kind: 'merged';
  /** The new order of ids. */
  order: string[];
  /** Fresh copies of messages, to replace the local ones where allowed. */
  fresh: KeyedMessage[];
  /** Messages that were not loaded and arrived on top: what `onNewMessages` hears about. */
  arrivals: KeyedMessage[];
  hasMore: boolean;
  /** True when the fresh page replaced the whole list (no overlap found). */
  replaced: boolean;
}

/**
 * Joins fresh top pages with the loaded list.
 *
 * - Empty list: the pages become the list.
 * - Overlap: everything fetched comes first in the service's order, then the loaded messages the pages
 *   did not include. The messages before the first overlapping one are the arrivals.
 * - No overlap: ask for the next page while the service has more and fewer than `maxPages` were fetched;
 *   after that, the first page replaces the list.
 */
export function mergeTop(
  order: readonly string[],
  hasMore: boolean,
  pages: readonly FetchedPage[],
  maxPages: number,
): TopMerge {
  const first = pages[0] ?? { data: [], hasMore: false };
  const last = pages[pages.length - 1] ?? first;
  const combined = cleanPage(pages.flatMap((page) => page.data));
  if (order.length === 0) {
    return {
      kind: 'merged',
      order: combined.map((m) => m._id),
      fresh: combined,
      arrivals: combined,
      hasMore: last.hasMore,
      replaced: false,
    };
  }
  const loaded = new Set(order);
  const overlapAt = combined.findIndex((m) => loaded.has(m._id));
  if (overlapAt === -1) {
    if (last.hasMore && pages.length < maxPages) return { kind: 'more' };
    return {
      kind: 'merged',
      order: first.data.map((m) => m._id),
      fresh: first.data,
      arrivals: first.data,
      hasMore: first.hasMore,
      replaced: true,
    };
  }
  const fetched = new Set(combined.map((m) => m._id));
  const rest = order.filter((id) => !fetched.has(id));
  return {
    kind: 'merged',
    order: [...combined.map((m) => m._id), ...rest],
    fresh: combined,
    arrivals: combined.slice(0, overlapAt),
    // When the pages reached past the end of the loaded list, the last page knows what follows.
    hasMore: rest.length === 0 ? last.hasMore : hasMore,
    replaced: false,
  };
}

/** The result of joining a `loadMore` page with the loaded list. */
export interface MoreMerge {
  /** Messages already loaded (their fresh copies). */
  known: KeyedMessage[];
  /** Messages to append at the bottom. */
  append: KeyedMessage[];
  /**
   * True when the page shows that more messages arrived on top than the page could absorb (new messages
   * sit before loaded ones, or the expected overlap is missing): refresh the top first, then retry.
   */
  shifted: boolean;
  /**
   * How many messages sit on the service above the loaded list's top, as this page shows it: the page
   * number to ask next is `floor((loaded + shift) / pageSize)`.
   */
  shift: number;
}

/**
 * Joins a `loadMore` page with the loaded list. The page asked is `floor((loaded + shift) / pageSize)`,
 * where `shift` counts the messages known to have arrived above the list since its top was last fetched
 * (0 right after a refresh, so the first `loadMore` asks `floor(loaded / pageSize)`). A shift of k < pageSize
 * new messages just repeats k loaded messages at the start of the page; they are dropped, and the shift is
 * learnt for the next call.
 */
export function mergeMore(
  order: readonly string[],
  lastCreatedAt: string | undefined,
  page: readonly KeyedMessage[],
  at: { page: number; pageSize: number; shift: number },
): MoreMerge {
  const loaded = new Set(order);
  const lastId = order[order.length - 1];
  let lastKnown = -1;
  let shift = at.shift;
  page.forEach((m, i) => {
    if (!loaded.has(m._id)) return;
    lastKnown = i;
    // The service's index of the list's last message, minus its index in the list.
    if (m._id === lastId) shift = at.page * at.pageSize + i - (order.length - 1);
  });
  const known = page.filter((m) => loaded.has(m._id));
  const append = page.slice(lastKnown + 1).filter((m) => !loaded.has(m._id));
  let shifted: boolean;
  if (lastKnown >= 0) {
    // A message that is not loaded but sits before a loaded one arrived after the list was loaded.
    shifted = page.slice(0, lastKnown).some((m) => !loaded.has(m._id));
  } else if ((order.length + at.shift) % at.pageSize !== 0) {
    // The page starts inside the loaded list, so it should repeat some of it.
    shifted = page.length > 0;
  } else {
    // The page starts right after the list: it is the continuation unless it is newer than the list.
    shifted = page.length > 0 && isNewer(page[0]!.createdAt, lastCreatedAt);
  }
  return { known, append, shifted, shift: Math.max(0, shift) };
}

function isNewer(a: string | undefined, b: string | undefined): boolean {
  const ta = Date.parse(a ?? '');
  const tb = Date.parse(b ?? '');
  return Number.isFinite(ta) && Number.isFinite(tb) && ta > tb;
}
