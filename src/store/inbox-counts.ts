/**
 * Counts of the inbox store: unseen and unread, from the default count over the loaded messages or from a
 * `countSource` (which may answer later). A late answer never overwrites a newer one; a failed one keeps
 * the last counts.
 */
import type { PreinitializedWritableAtom as Atom } from 'nanostores';
import type { Message } from '../client/types.js';
import { deepEqual } from './contract.js';

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

/** Returns `recount`, which asks the source again and sets `$counts` when the answer differs. */
export function createCounts(
  source: CountSource,
  $counts: Atom<InboxCounts>,
  /** Aborted when the store is destroyed: a late answer is dropped then. */
  signal: AbortSignal,
): (messages: readonly Message[], hasMore: boolean) => void {
  let counts = $counts.value;
  let asked = 0;
  let shown = 0;

  function set(seq: number, { unseen, unread, exact }: InboxCounts): void {
    if (seq < shown) return;
    shown = seq;
    const next = { unseen, unread, exact };
    if (!deepEqual(counts, next)) $counts.set((counts = next));
  }

  return (messages, hasMore) => {
    const seq = ++asked;
    let result: InboxCounts | Promise<InboxCounts>;
    try {
      result = source({ messages, hasMore });
    } catch (error) {
      return failed(error);
    }
    if (typeof (result as Promise<InboxCounts> | undefined)?.then === 'function') {
      (result as Promise<InboxCounts>).then((value) => signal.aborted || set(seq, value), failed);
    } else {
      set(seq, result as InboxCounts);
    }
  };
}

/** A failed count keeps the last counts. */
function failed(error: unknown): void {
  console.warn('notif-elements: the inbox count source failed; keeping the last counts.', error);
}
