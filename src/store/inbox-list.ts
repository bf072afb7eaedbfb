/**
 * Pure list logic of the inbox store: where a fetched page sits against the messages already loaded. No
 * state, no I/O: `inbox-paging.ts` owns both.
 *
 * The service lists newest first, paged by page number, and new messages arrive on top, pushing every
 * page down by however many arrived. The loaded list is a **run**: consecutive messages of the service's
 * list, in its order, whose first one was last seen at some index (its {@link Anchor}). A page is joined
 * to a run only when its place is certain:
 *
 * - it holds the run's last message: the messages after it continue the run, and its position tells where
 *   the run is now (however many arrived above it);
 * - it starts right after the run's end and nothing arrived since the run was anchored: the service's
 *   `totalCount` proves that when it is unchanged; without a count, a first message older than the run's
 *   newest one does (anything that arrived is newer).
 *
 * Anything else cannot be placed with certainty (more arrived than a page absorbs, the list changed under
 * the run, or nothing proves whether messages arrived). Paging then re-anchors from the top (page 0, then
 * the pages after it, each placed the same way) instead of guessing.
 */
import type { Message } from '../client/types.js';
import { normaliseMessage, type KeyedMessage } from './message-shape.js';

export type { KeyedMessage } from './message-shape.js';

/** One fetched page as the store keeps it (and shares with other tabs). */
export interface FetchedPage {
  /** The service's index of the page's first message (page number × page size). */
  start: number;
  data: KeyedMessage[];
  hasMore: boolean;
  /** The service's `totalCount` when it sent one. */
  total?: number | undefined;
}

/** Where a run was last seen: the service's index of its first message, and the service's count then. */
export interface Anchor {
  at: number;
  total?: number | undefined;
}

/** A page that continues a run: what follows the run, fresh copies of run messages, where the run is now. */
export interface Placement {
  next: KeyedMessage[];
  known: KeyedMessage[];
  anchor: Anchor;
}

/** A run: the ids of consecutive messages of the service's list, where it was last seen, and what follows. */
export interface Run {
  ids: readonly string[];
  anchor: Anchor;
  /** Whether the service has messages after the run's last one. */
  hasMore: boolean;
}

/**
 * Keeps the in-app messages that have an `_id`, the first copy of each, in the service's order, each with its
 * fields checked (see `message-shape.ts`).
 */
export function cleanPage(
  start: number,
  data: readonly Message[] | undefined,
  hasMore: unknown,
  total: unknown,
): FetchedPage {
  const seen = new Set<string>();
  const kept: KeyedMessage[] = [];
  for (const raw of Array.isArray(data) ? (data as readonly unknown[]) : []) {
    const message = normaliseMessage(raw);
    if (!message || message.channel !== 'in_app' || seen.has(message._id)) continue;
    seen.add(message._id);
    kept.push(message);
  }
  return {
    start,
    data: kept,
    hasMore: Boolean(hasMore),
    // Only a number counts: `null` on every page would seem to prove that nothing ever arrives.
    total: typeof total === 'number' ? total : undefined,
  };
}

/** The page number that holds what follows `run`. */
export function nextPage(run: Run, pageSize: number): number {
  return Math.floor((run.anchor.at + run.ids.length) / pageSize);
}

/**
 * Places `page` against the run `run` (see the module comment); `undefined` when its place is not certain.
 * `time` gives a run message's `createdAt`; `quiet` says the caller made sure nothing arrived since the run
 * was anchored.
 */
export function place(
  run: readonly string[],
  page: FetchedPage,
  anchor: Anchor,
  time: (id: string | undefined) => string | undefined,
  quiet?: boolean,
): Placement | undefined {
  const { start, data, total = anchor.total } = page;
  const loaded = new Set(run);
  const last = data.findIndex((m) => m._id === run[run.length - 1]);
  if (last >= 0) {
    return {
      next: data.slice(last + 1).filter((m) => !loaded.has(m._id)),
      known: data.filter((m) => loaded.has(m._id)),
      anchor: { at: start + last + 1 - run.length, total },
    };
  }
  // Not the run's last message: the page continues the run only if it starts at its end, holds none of
  // it, and nothing arrived since.
  if (start !== anchor.at + run.length || data.some((m) => loaded.has(m._id))) return undefined;
  const [first, newest, oldest] = [data[0]?.createdAt, time(run[0]), time(run[run.length - 1])].map((t) =>
    Date.parse(String(t)),
  );
  const nothingArrived =
    quiet ||
    run.length === 0 ||
    data.length === 0 ||
    (page.total !== undefined && anchor.total !== undefined
      ? page.total === anchor.total
      : first! < newest! && first! <= oldest!);
  return nothingArrived ? { next: data, known: [], anchor: { at: anchor.at, total } } : undefined;
}

/**
 * Where the loaded list `order` starts in `top`: its index (the end of `top` for an empty list), `-1` when
 * `top` holds none of it, `-2` when they disagree (what `top` holds of it is not its first ones, in order).
 */
export function overlap(top: readonly string[], order: readonly string[]): number {
  if (order.length === 0) return top.length;
  const loaded = new Set(order);
  const from = top.findIndex((id) => loaded.has(id));
  if (from < 0) return -1;
  for (let d = 0; from + d < top.length && d < order.length; d++) if (top[from + d] !== order[d]) return -2;
  return from;
}
