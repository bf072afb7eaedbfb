/**
 * `notif-elements/proxy`: the backend half of a browser deployment. Mount it on your server, point the
 * elements' `base-url` at it, and the service's secret key never reaches a browser. No DOM, no Lit.
 */
export { createNotifProxy } from './proxy.js';
export type { NotifProxyErrorStage, NotifProxyHandler, NotifProxyOptions, NotifSession } from './proxy.js';
export { DEFAULT_MAX_BODY_BYTES } from './body.js';
export { DOWNSTREAM_RESPONSE_HEADERS, UPSTREAM_REQUEST_HEADERS } from './responses.js';
export { createMemoryBus } from './bus.js';
export type { NotifLiveBus } from './bus.js';
export { LIVE_REASONS } from './live-types.js';
export type { NotifCounts, NotifLiveOptions, NotifLiveReason } from './live-types.js';
