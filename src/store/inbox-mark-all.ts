/**
 * "Mark all" of the inbox store. The service has no such operation (mark-as takes ids), so the store builds
 * it from mark-as and list requests, in this order, one request at a time:
 *
 * 1. The loaded messages that need it change at once, then go to the service in batches of at most
 *    {@link MARK_ALL_BATCH_SIZE} ids: a single request when at most 100 need it, as many as it takes after.
 * 2. When the service has more than is loaded, the store reads on from the end of the loaded list
 *    ({@link MARK_ALL_PAGE_SIZE} messages a page) and marks the messages found that need it, in batches
 *    too. These pages only yield ids: their messages never join the list, which shows what the user paged
 *    to. The walk stops after {@link MARK_ALL_MAX_PAGES} pages, so one click costs at most
 *    {@link MARK_ALL_MAX_PAGES} list requests and marks at most 1,000 messages beyond the loaded ones. What
 *    lies further stays as it is: the walk always starts at the end of the loaded list, so a second click
 *    reads the same pages again; paging the list further moves that start.
 *
 * This module holds the constants, the batching and the walk (step 2's reading); `inbox.ts` sends.
 */
import type { NotifClient } from '../client/client.js';
import type { Message } from '../client/types.js';
import { cleanPage } from './inbox-list.js';

/** The most ids one mark-as request of a mark-all carries: bodies stay small whatever is loaded. */
export const MARK_ALL_BATCH_SIZE = 100;
/** Messages per list request of the walk (the mock serves at most 100 a page too). */
export const MARK_ALL_PAGE_SIZE = 100;
/** The most list requests one mark-all makes: 10 pages of 100, 1,000 messages past the loaded ones. */
export const MARK_ALL_MAX_PAGES = 10;

export type MarkAllAs = 'read' | 'seen';

/** Whether `message` still needs `markAs`. */
export function needsMark(message: Pick<Message, 'read' | 'seen'>, markAs: MarkAllAs): boolean {
  return markAs === 'read' ? !message.read : !message.seen;
}

/** `items` cut into runs of at most `size`, in order. */
export function batches<T>(items: readonly T[], size = MARK_ALL_BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
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
}

export interface WalkResult {
  /** Ids of messages past the loaded list that need the mark, in the service's order. */
  ids: string[];
  /** List requests made. */
  pages: number;
  /** True when the walk stopped at {@link MARK_ALL_MAX_PAGES} with more on the service. */
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
  const { client, subscriberId, markAs, signal, loaded } = o;
  const loadedIds = new Set(loaded.map((m) => m._id));
  const newest = Date.parse(String(loaded[0]?.createdAt));
  const found = new Set<string>();
  const first = Math.floor(Math.max(0, o.from - 1) / MARK_ALL_PAGE_SIZE);
  let pastLoaded = false;
  let pages = 0;
  try {
    while (pages < MARK_ALL_MAX_PAGES) {
      const res = await client.listMessages(
        {
          subscriberId,
          channel: 'in_app',
          ...scope(o.contextKeys),
          page: first + pages,
          limit: MARK_ALL_PAGE_SIZE,
        },
        { signal },
      );
      pages++;
      const page = cleanPage(0, res.data, res.hasMore, res.totalCount);
      for (const message of page.data) {
        if (loadedIds.has(message._id)) {
          pastLoaded = true;
          continue;
        }
        if (!pastLoaded && !(Date.parse(message.createdAt) < newest)) continue;
        if (needsMark(message, markAs)) found.add(message._id);
      }
      if (!page.hasMore || page.data.length === 0) return { ids: [...found], pages, capped: false };
    }
    return { ids: [...found], pages, capped: true };
  } catch (error) {
    return { ids: [...found], pages, capped: false, error };
  }
}

/** The `contextKeys` of a list request in a scope: none at all when unscoped (the request is as before). */
export function scope(contextKeys: readonly string[] | undefined): { contextKeys?: string[] } {
  return contextKeys && contextKeys.length > 0 ? { contextKeys: [...contextKeys] } : {};
}
