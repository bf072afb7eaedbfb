/**
 * The counts' shape and the default count, apart from the rest of `inbox-counts.ts`: a bell counts its first
 * page with it before the store's code has loaded (`context/read-ahead.ts`).
 */
import type { Message } from '../client/types.js';

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
