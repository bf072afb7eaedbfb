/**
 * A mock service, a client and an inbox store wired together for component tests (through the shared
 * fixture, `test/fixtures/store-in-state.ts`), and the shadow-root query helpers every test uses.
 */
import { fixtureCleanup, waitUntil } from '@open-wc/testing';
import type { createMockService, MockServiceOptions } from '../../src/mock/index.js';
import type { InboxStoreOptions } from '../../src/store/inbox.js';
import { inboxStore, type InboxFixture } from '../fixtures/store-in-state.js';

export { SUBSCRIBER } from '../fixtures/store-in-state.js';

/** A fresh mock (`mock`: its options) and an inbox store over it, not started; no polling, no tab sync. */
export function setupInbox(
  options: { mock?: MockServiceOptions; store?: Partial<InboxStoreOptions> } = {},
): InboxFixture {
  return inboxStore({ ...(options.mock ? { service: options.mock } : {}), store: options.store ?? {} });
}

/** Shadow-root query helpers (the only copies: import them from here). */
export function $(el: Element, selector: string): HTMLElement | null {
  return el.shadowRoot!.querySelector<HTMLElement>(selector);
}

export function $$(el: Element, selector: string): HTMLElement[] {
  return [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
}

/** Waits until the element shows at least one message. */
export async function untilMessages(el: Element, count = 1): Promise<void> {
  await waitUntil(() => $$(el, 'article').length >= count, `expected ${count} rendered messages`, {
    timeout: 4000,
  });
}

/**
 * Removes the test's fixtures and lets their connections go, for a test that stubs the page's `fetch`: call it
 * before restoring `fetch`. A connection is destroyed a task after its last element leaves
 * (`context/registry.ts`); until then its store may still ask for something (the `/counts` of a stream that
 * a closing proxy ended), which would go to the real server. Resolves after that task: a zero-delay timer,
 * which runs after the registry's own (not `nextTask`'s message, which may run before it).
 */
export async function removeFixtures(): Promise<void> {
  fixtureCleanup();
  await new Promise((resolve) => setTimeout(resolve));
}

/** The mark-as requests the mock service received. */
export function markAsRequests(mock: ReturnType<typeof createMockService>) {
  return mock.requests
    .filter((r) => r.method === 'POST' && r.path.endsWith('/messages/mark-as'))
    .map((r) => r.body);
}

/**
 * Resolves once every animation running in `el` and the shadow roots under it has ended (endless ones aside) (a panel opening, a
 * view fading in), so that colour checks such as axe's contrast rule see the final colours, not a frame of
 * a fade.
 */
export async function animationsDone(el: Element): Promise<void> {
  // Every shadow root inside `el`, through light and shadow trees alike (a wrapper holding a bell counts).
  const roots: ShadowRoot[] = [];
  const visit = (node: Element | ShadowRoot) => {
    for (const child of node.querySelectorAll('*')) {
      if (!child.shadowRoot) continue;
      roots.push(child.shadowRoot);
      visit(child.shadowRoot);
    }
  };
  if (el.shadowRoot) {
    roots.push(el.shadowRoot);
    visit(el.shadowRoot);
  }
  visit(el);
  const animations = [
    ...el.getAnimations({ subtree: true }),
    ...roots.flatMap((root) => root.getAnimations()),
  ];
  // An endless animation (a loading skeleton's shimmer) never finishes: only those that end are waited for.
  const ending = animations.filter((animation) =>
    Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity),
  );
  await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
}

/**
 * Resolves once a virtualized list is laid out and still: the virtualizer has sized it (its sizer element is
 * placed), and the rows it renders and their places are the same two frames running. Scroll it only then:
 * the virtualizer corrects its estimated row places against the scroll position its last layout read, so a
 * scroll made between that layout and its correction is taken back (to the first rows).
 */
export async function untilListSettled(list: Element): Promise<void> {
  const sized = () => !!list.querySelector<HTMLElement>(':scope > [virtualizer-sizer]')?.style.transform;
  const shape = () =>
    [...list.children]
      .map((row) => `${(row as HTMLElement).dataset.index}@${(row as HTMLElement).style.transform}`)
      .join();
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  let last = '';
  for (let still = 0, frames = 0; still < 2; frames++) {
    if (frames > 600) throw new Error(`the list kept moving for 600 frames: ${last}`);
    await frame();
    const now = shape();
    still = sized() && now === last ? still + 1 : 0;
    last = now;
  }
}
