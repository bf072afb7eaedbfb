/**
 * The inbox store's list request (`GET /v1/messages`, §4.9): one page of a subscriber's in-app messages, in
 * a scope. One builder for the store's reads and for the bell's read-ahead of the first page
 * (`context/read-ahead.ts`), whose answer the store takes only when its own first request is the same.
 */
import type { ListMessagesQuery } from '../client/types.js';

/** A scope's keys, sorted and unique: two orders of the same keys are one scope. */
export function scopeKeys(keys: readonly string[]): string[] {
  return [...new Set(keys)].sort();
}

/** The `contextKeys` of a list request in a scope: none at all when unscoped (the request is as before). */
function scope(contextKeys: readonly string[] | undefined): { contextKeys?: string[] } {
  return contextKeys && contextKeys.length > 0 ? { contextKeys: [...contextKeys] } : {};
}

/** The request of page `page` (from 0) of `limit` messages, in the scope of `contextKeys` (sorted, unique). */
export function listQuery(
  subscriberId: string,
  contextKeys: readonly string[] | undefined,
  page: number,
  limit: number,
): ListMessagesQuery {
  return { subscriberId, channel: 'in_app', ...scope(contextKeys), page, limit };
}
