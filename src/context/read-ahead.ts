/**
 * The bell's count before the inbox store's code is there. A page with a bell shows its count first; the
 * store (paging, polling, tab sync, the live edge, marks) is most of what a bell would otherwise load up
 * front. So a bell whose store module has not loaded reads the first page itself, once per connection, counts
 * it, and shows that count. The store, made when its module arrives (with the panel's, once the page is idle
 * after the count shows, or at the first intent), takes that same answer as its own first page
 * (`takeFirstPage`): one request, as when the store makes it.
 *
 * The store's module says it has arrived through {@link provideInboxStores}: from then on the bell shows the
 * connection's store, shared with any inbox of the page.
 */
import type { ListMessagesQuery, MessageList } from '../client/types.js';
import type { InboxStore } from '../store/inbox.js';
import { countLoaded, type InboxCounts } from '../store/count-loaded.js';
import { listQuery, scopeKeys } from '../store/list-query.js';
import type { NotifConnection } from './registry.js';

/** A first page read ahead of the store, and its counts once answered. */
export interface FirstPage {
  /** The request, as the unscoped inbox store of the connection sends its first one. */
  readonly query: ListMessagesQuery;
  readonly page: Promise<MessageList>;
  /** The counts of the answer (by the connection's `countSource`, else over its messages); unset until then. */
  counts?: InboxCounts;
  /** When the request settled (`performance.now()`), answered or failed. */
  settledAt?: number;
  /** Whether a store took it as its first page. */
  taken: boolean;
  destroy(): void;
}

/** How long an answered first page may wait for the store: past it, the store reads the page afresh. */
const FRESH_MS = 10_000;
const FIRST = Symbol('first page');
/** The first page read for each connection (it is also under `FIRST` in the connection, which destroys it). */
const READ = new WeakMap<NotifConnection, FirstPage>();

type InboxStoresOf = (connection: NotifConnection) => InboxStore;
let storesOf: InboxStoresOf | undefined;
const waiting = new Set<() => void>();

/** Called by the inbox store's module (`inbox-of.ts`): the stores of connections can be made now. */
export function provideInboxStores(of: InboxStoresOf): void {
  if (storesOf) return;
  storesOf = of;
  const callbacks = [...waiting];
  waiting.clear();
  for (const callback of callbacks) callback();
}

/**
 * The connection's inbox store when its module has loaded; otherwise `undefined`, and `arrived` (if given) is
 * called once it loads (an inbox elsewhere on the page made a store, or the bell's panel came).
 */
export function loadedInboxOf(connection: NotifConnection, arrived?: () => void): InboxStore | undefined {
  if (storesOf) return storesOf(connection);
  if (arrived) waiting.add(arrived);
  return undefined;
}

/** Forgets `arrived` (its element left the page; it asks again, through `loadedInboxOf`, if it comes back). */
export function forgetInboxOf(arrived: () => void): void {
  waiting.delete(arrived);
}

/** The first page of the connection, read once (the request starts on the first call). */
export function firstPageOf(connection: NotifConnection): FirstPage {
  return connection.use(FIRST, (client, subscriberId) => {
    const inbox = connection.config.inbox ?? {};
    const keys = inbox.contextKeys ? scopeKeys(inbox.contextKeys) : undefined;
    const query = listQuery(subscriberId, keys, 0, inbox.pageSize ?? 20);
    const aborter = new AbortController();
    const page = client.listMessages(query, { signal: aborter.signal });
    const first: FirstPage = { query, page, taken: false, destroy: () => aborter.abort() };
    page
      .then(
        async (answer) => {
          // As the store counts (it drops what has no id, and counts the rest).
          const messages = answer.data.filter((m) => typeof m?._id === 'string' && m._id !== '');
          try {
            first.counts = await (inbox.countSource ?? countLoaded)({ messages, hasMore: answer.hasMore });
          } finally {
            first.settledAt = performance.now();
          }
        },
        () => {
          first.settledAt = performance.now();
        },
      )
      .catch(() => {}); // a failed count source: no count until the store's
    READ.set(connection, first);
    return first;
  });
}

/** The first page read for the connection, if one was (no request starts). */
export function readFirstPage(connection: NotifConnection): FirstPage | undefined {
  return READ.get(connection);
}

/**
 * The first page read for the connection, for the store's first request when it is the same request and
 * still fresh (in flight, or answered in the last {@link FRESH_MS}); once only. A failed one is not taken:
 * the store asks again and reports the failure as its own.
 */
export function takeFirstPage(connection: NotifConnection): FirstPage | undefined {
  const first = READ.get(connection);
  if (!first || first.taken) return undefined;
  const settled = first.settledAt;
  if (settled !== undefined && (!first.counts || performance.now() - settled > FRESH_MS)) return undefined;
  first.taken = true;
  return first;
}
