/**
 * `notif-elements/client`: the typed HTTP client of the notification service. No DOM, no Lit.
 */
export { createNotifClient } from './client.js';
export type { CountsQuery, LiveCounts, NotifClient, NotifClientOptions, StreamOptions } from './client.js';
export type { CallOptions, FetchLike, HeadersOption, RetryOptions } from './http.js';
export {
  NotifError,
  NotifHttpError,
  NotifInvalidResponseError,
  NotifNetworkError,
  NotifRedirectError,
  NotifTimeoutError,
  NotifValidationError,
  isNotifError,
} from './errors.js';
export type { NotifErrorKind, ServiceMessage } from './errors.js';
export { applyMarkAs } from './mark-as.js';
export * from './enums.js';
export type * from './types.js';
