/**
 * A store whose arrivals a test triggers (`arrive`), and stubs of the page's visibility for what shows
 * only in a visible (or a hidden) tab.
 */
import { atom } from 'nanostores';
import type { MarkAs } from '../../src/client/enums.js';
import type { Message } from '../../src/client/types.js';
import type { InboxStore } from '../../src/store/inbox.js';

export function arrivalsStore() {
  const listeners = new Set<(messages: readonly Message[]) => void>();
  const marked: Array<{ ids: readonly string[]; markAs: MarkAs }> = [];
  const $counts = atom({ unseen: 0, unread: 0, exact: true });
  const store = {
    subscriberId: 's',
    options: { subscriberId: 's', pageSize: 20, pollInterval: 0, markSeenOnOpen: true, syncKey: false },
    $messages: atom<readonly Message[]>([]),
    $status: atom({ state: 'idle' }),
    $loaded: atom(true),
    $hasMore: atom(false),
    $counts,
    $actionError: atom(null),
    onNewMessages(listener: (messages: readonly Message[]) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    markAs(ids: readonly string[], markAs: MarkAs) {
      marked.push({ ids, markAs });
      return Promise.resolve({ ok: true });
    },
    markAllAs: () => Promise.resolve({ ok: true }),
    loadMore: () => Promise.resolve(),
    refresh: () => Promise.resolve(),
    retry: () => Promise.resolve(),
    dismissError() {},
    destroy() {},
  } as unknown as InboxStore;
  /** Messages arrive, newest first, as the store announces them. */
  const arrive = (...messages: Message[]) => listeners.forEach((listener) => listener(messages));
  return { store, arrive, marked, $counts, listeners };
}

/**
 * Makes `document.visibilityState` read `state` (a getter defined on the document, over the prototype's)
 * and fires `visibilitychange`; `visible()` takes the getter away again.
 */
export function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => state === 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
}

export function restoreVisibility(): void {
  delete (document as { visibilityState?: unknown }).visibilityState;
  delete (document as { hidden?: unknown }).hidden;
  document.dispatchEvent(new Event('visibilitychange'));
}
