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
 * This module holds the constants and the batching, which the store needs at once (a mark shows before it
 * is sent); the walk (step 2's reading) and the sending load on first use, in `inbox-marks.ts`.
 */
import type { Message } from '../client/types.js';

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
