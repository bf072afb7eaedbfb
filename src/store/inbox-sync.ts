/**
 * Tab coordination of the inbox store: a BroadcastChannel to share results, and a Web Lock to elect the
 * one tab that polls. Both are optional platform features: without them every tab works on its own.
 */
import type { FetchedPage } from './inbox-list.js';
import type { LiveCounts } from '../client/client.js';
import type { Message } from '../client/types.js';

/**
 * What tabs tell each other. `at` is a wall-clock time the data is at least as fresh as: when the list
 * request was sent (`pages`), when the mark-as answer arrived (`marked`). A tab keeps a message it changed
 * after `at`.
 */
export type InboxSyncMessage =
  | { type: 'pages'; subscriberId: string; at: number; pages: FetchedPage[] }
  | { type: 'marked'; subscriberId: string; at: number; messages: Message[] }
  /**
   * From the tab that runs the stream: its mode, and the last event it heard (`id` orders counts; a
   * follower takes counts only from a newer id). Sent on every event and change of mode, and in answer to
   * `live?`, which a tab sends as it mounts.
   */
  | { type: 'live'; subscriberId: string; mode: LiveMode; id: number; counts: LiveCounts | null }
  | { type: 'live?'; subscriberId: string };

/** What the inbox store knows of the stream: see `$live` in `inbox.ts`. */
export type LiveMode = 'connecting' | 'streaming' | 'polling' | 'off';

export interface InboxChannel {
  post(message: InboxSyncMessage): void;
  close(): void;
}

export function syncName(syncKey: string): string {
  return `notif-elements:inbox:${syncKey}`;
}

export function hasBroadcastChannel(): boolean {
  return typeof BroadcastChannel === 'function';
}

export function hasLocks(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.locks?.request === 'function';
}

const TYPES: readonly string[] = ['pages', 'marked', 'live', 'live?'];

/** Opens the channel; `onMessage` hears the other tabs (and other stores of this page), never itself. */
export function openChannel(name: string, onMessage: (message: InboxSyncMessage) => void): InboxChannel {
  const channel = new BroadcastChannel(name);
  channel.onmessage = (event: MessageEvent) => {
    const data = event.data as InboxSyncMessage | null;
    if (data && typeof data === 'object' && TYPES.includes(data.type)) onMessage(data);
  };
  return {
    post(message) {
      try {
        channel.postMessage(message);
      } catch {
        // A message that cannot be cloned is not worth failing the store for: the other tabs poll later.
      }
    },
    close() {
      channel.onmessage = null;
      channel.close();
    },
  };
}

/** Posts once on a short-lived channel (used while the store is not mounted and holds no channel). */
export function postOnce(name: string, message: InboxSyncMessage): void {
  const channel = openChannel(name, () => {});
  channel.post(message);
  channel.close();
}

/**
 * Asks for the lock `name` and calls `onLeader(true)` once it is held. The returned function gives the lock
 * back (or stops waiting for it) and calls `onLeader(false)` if it was held.
 */
export function requestLeadership(name: string, onLeader: (leader: boolean) => void): () => void {
  const waiting = new AbortController();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let leader = false;
  let done = false;
  navigator.locks
    .request(name, { signal: waiting.signal }, () => {
      if (done) return undefined;
      leader = true;
      onLeader(true);
      return held;
    })
    .catch(() => {
      // Aborted while waiting: nothing to give back.
    });
  return () => {
    if (done) return;
    done = true;
    waiting.abort();
    release();
    if (leader) {
      leader = false;
      onLeader(false);
    }
  };
}
