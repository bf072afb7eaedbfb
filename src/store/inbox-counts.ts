/**
 * Counts of the inbox store: unseen and unread, from the default count over the loaded messages or from a
 * `countSource` (which may answer later). A late answer never overwrites a newer one; a failed one keeps
 * the last counts.
 */
import type { PreinitializedWritableAtom as Atom } from 'nanostores';
import type { Message } from '../client/types.js';
import type { CountSource, InboxCounts } from './count-loaded.js';
import { deepEqual } from './contract.js';

export { countLoaded, type CountSource, type InboxCounts } from './count-loaded.js';

/** Returns `recount`, which asks the source again and sets `$counts` when the answer differs. */
export function createCounts(
  source: CountSource,
  $counts: Atom<InboxCounts>,
  /** Aborted when the store is destroyed: a late answer is dropped then. */
  signal: AbortSignal,
  /** True while the server's counts are shown: the source's answers are dropped then. */
  held: () => boolean = () => false,
): (messages: readonly Message[], hasMore: boolean) => void {
  let asked = 0;
  let shown = 0;

  function set(seq: number, { unseen, unread, exact }: InboxCounts): void {
    if (seq < shown || held()) return;
    shown = seq;
    const next = { unseen, unread, exact };
    if (!deepEqual($counts.value, next)) $counts.set(next);
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

/** Counts as the proxy tells them (a stream event's `counts`, `GET /counts`), checked; `null` when not counts. */
export function countsOf(value: unknown): InboxCounts | null {
  if (typeof value !== 'object' || value === null) return null;
  const { unseen, unread, exact } = value as Record<string, unknown>;
  const count = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 0;
  if (!count(unseen) || !count(unread)) return null;
  return { unseen: unseen as number, unread: unread as number, exact: exact !== false };
}

/** A failed count keeps the last counts. */
function failed(error: unknown): void {
  console.warn('notif-elements: the inbox count source failed; keeping the last counts.', error);
}
