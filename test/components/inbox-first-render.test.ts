import { expect } from '@open-wc/testing';
import type { ReactiveController } from 'lit';
import '../../src/components/inbox/inbox.js';
import type { NotifInbox } from '../../src/components/inbox/inbox.component.js';
import { firstPage } from '../../src/components/inbox/first-page.js';
import { $, $$, setupInbox, untilMessages } from '../helpers/inbox-setup.js';
import { FOREVER_MS, inboxStore } from '../fixtures/store-in-state.js';

/** What the inbox showed after its first render: rows, or the loading skeleton. */
function watchFirstRender(el: NotifInbox): { rows?: number; skeleton?: boolean; busy?: string | null } {
  const seen: { rows?: number; skeleton?: boolean; busy?: string | null } = {};
  const controller: ReactiveController = {
    hostUpdated() {
      if (seen.rows !== undefined) return;
      seen.rows = $$(el, 'article').length;
      seen.skeleton = $(el, '[part="skeleton"]') !== null;
      seen.busy = $(el, '[part="list"]')?.getAttribute('aria-busy');
    },
  };
  el.addController(controller);
  return seen;
}

describe('<notif-inbox> first render', () => {
  // The page's first mock answer pays for building the seed and compiling the store's code (about 100 ms
  // here); later ones come in a few milliseconds, as a prefetched or fast list does.
  before(async () => {
    await firstPage(inboxStore().store, FOREVER_MS);
  });

  afterEach(() => {
    for (const el of document.querySelectorAll('notif-inbox')) el.remove();
  });

  it('draws the rows at once when the first page comes quickly: no skeleton shown for a moment', async () => {
    const { store } = setupInbox();
    const el = document.createElement('notif-inbox') as NotifInbox;
    el.store = store;
    const first = watchFirstRender(el);
    document.body.append(el);
    await untilMessages(el);
    expect(first.skeleton).to.equal(false);
    expect(first.rows).to.equal(store.$messages.get().length);
    // Drawn once, done: not marked busy for a screen reader, then drawn again as the store says it is idle.
    expect(first.busy).to.equal('false');
    await expect(el).to.be.accessible();
  });

  it('shows the skeleton when the first page is slow, then the rows', async () => {
    const { store, mock } = setupInbox();
    mock.setLatency(400);
    const el = document.createElement('notif-inbox') as NotifInbox;
    el.store = store;
    const first = watchFirstRender(el);
    document.body.append(el);
    await el.updateComplete;
    expect(first.skeleton).to.equal(true);
    expect($(el, '[role="status"]')!.textContent).to.contain('Loading');
    await untilMessages(el);
    await expect(el).to.be.accessible();
  });
});

describe('firstPage', () => {
  it('resolves as the first page arrives, not at the end of its wait', async () => {
    const { store } = inboxStore();
    await firstPage(store, FOREVER_MS);
    expect(store.$loaded.get()).to.equal(true);
    expect(store.$status.get().state).to.equal('idle');
  });

  it('resolves when the first page fails', async () => {
    const { store } = inboxStore({ fail: { status: 500 } });
    await firstPage(store, FOREVER_MS);
    expect(store.$loaded.get()).to.equal(false);
    expect(store.$status.get().state).to.equal('error');
  });

  it('resolves after its wait when the page does not come', async () => {
    // The list request is held forever.
    const { store } = inboxStore({ wrapFetch: () => () => new Promise<Response>(() => {}) });
    await firstPage(store, 10);
    expect(store.$loaded.get()).to.equal(false);
  });

  it('resolves at once without a store, and for a store loaded already', async () => {
    await firstPage(undefined, FOREVER_MS);
    const { store } = inboxStore();
    await firstPage(store, FOREVER_MS);
    await firstPage(store, FOREVER_MS);
    expect(store.$loaded.get()).to.equal(true);
  });
});
