/**
 * The inbox's first render waits a moment for its first page (issue 24's first-render target): when the list
 * arrives within `FIRST_PAGE_WAIT` ms (a prefetched list, a fast service, a store loaded already), the rows are
 * the first thing drawn, and the loading skeleton is neither built, laid out nor painted only to be replaced a
 * few milliseconds later (a flash on fast networks). On a slower network the skeleton shows after that moment.
 */
import type { InboxStore } from '../../store/inbox.js';

/** How long the first render waits for the first page; below what a person notices as a delay. */
export const FIRST_PAGE_WAIT = 50;

/**
 * Resolves once `store` has its first page and is done loading, failed to load it, or `ms` have passed,
 * whichever is first; at once without a store or when it is loaded already. Watching the list mounts the
 * store (its first request starts now if it has not), as the element's own binding would a moment later.
 */
export function firstPage(store: InboxStore | undefined, ms = FIRST_PAGE_WAIT): Promise<void> {
  if (!store || store.$loaded.value || typeof setTimeout !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const stops: (() => void)[] = [];
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Let go a task later: the element's binding, made by the update this resolves, keeps the store
      // mounted (nanostores unmounts a store only a while after its last listener leaves anyway).
      setTimeout(() => stops.forEach((stop) => stop()));
      resolve();
    };
    const timer = setTimeout(done, ms);
    // Loaded and no longer loading: the store says "idle" a moment after the page is in (a few microtasks),
    // and the first render then draws the final state once, not the rows marked busy and then again.
    const settle = () => {
      if (store.$loaded.value && store.$status.value?.state !== 'loading') done();
    };
    stops.push(
      store.$messages.listen(() => {}),
      store.$loaded.listen(settle),
      store.$status.listen((status) => (status.state === 'error' ? done() : settle())),
    );
  });
}
