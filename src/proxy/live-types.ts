/**
 * The live edge's public shapes, apart from its code: `live.ts` is loaded only when a proxy turns `live` on.
 */
import type { NotifLiveBus } from './bus.js';

/** The unseen and unread in-app messages of a subscriber; `exact: false` when there were more than `countCap`. */
export interface NotifCounts {
  unseen: number;
  unread: number;
  exact: boolean;
}

/** Why a `changed` event was sent. */
export const LIVE_REASONS = ['hello', 'publish', 'watch', 'mark'] as const;
export type NotifLiveReason = (typeof LIVE_REASONS)[number];

export interface NotifLiveOptions {
  /** Shared between the app's server instances. Default: a bus of this proxy alone ({@link createMemoryBus}). */
  bus?: NotifLiveBus;
  /** A `: ping` comment on every stream this often, in ms. Default 15 000. */
  heartbeatMs?: number;
  /** `authenticate` is asked again for every open stream this often, in ms; a stream whose user left ends. Default 60 000. */
  reauthMs?: number;
  /** The `retry:` the browser waits before reconnecting, in ms. Default 3 000. */
  retryMs?: number;
  /** The watcher polls the first page of each subscriber with an open stream this often, in ms; `0` turns it off. Default 15 000. */
  watchIntervalMs?: number;
  /** Messages counted at most (100 a request); past it `exact` is false. Default 1 000. */
  countCap?: number;
  /** How long counts stay cached when nothing refreshes them, in ms. Default 60 000. */
  countsTtlMs?: number;
  /** How long `publish` (and a mark) waits for fresh counts before sending `counts: null` first, in ms. Default 300. */
  publishWaitMs?: number;
  /** Open streams of one subscriber at most, on this instance; past it 429. Default 10. */
  maxStreamsPerSubscriber?: number;
  /** Open streams at most, on this instance; past it 429. Default 10 000. */
  maxStreams?: number;
  /** Events waiting for a slow reader at most; past it further events are merged into one. Default 8. */
  maxQueuedEvents?: number;
  /** How long a call to the bus may take, in ms, before this instance carries on alone. Default 1 000. */
  busTimeoutMs?: number;
}
