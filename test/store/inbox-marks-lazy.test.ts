/**
 * The sending of marks (`src/store/inbox-marks.ts`) is not on the critical path (issue 24): it loads once the
 * first page shows and the page is idle, or at the first mark if that comes sooner. These tests run in a page
 * of their own, so the first one sees the module not yet loaded (see also `inbox-marks-warm.test.ts`).
 */
import { expect } from '@open-wc/testing';
import { createNotifClient } from '../../src/client/index.js';
import { createInboxStore, type ActionResult, type InboxStore } from '../../src/store/index.js';
import { deferredFetch, listBody, markBody, message } from '../helpers/deferred-fetch.js';
import { until } from '../fixtures/store-in-state.js';

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
  cleanups = [];
});

function withHeld() {
  const held = deferredFetch();
  const client = createNotifClient({
    baseUrl: 'https://held.test',
    fetch: held.fetch,
    retry: false,
    timeoutMs: 0,
  });
  const store = createInboxStore(client, {
    subscriberId: 'sub',
    pollInterval: 0,
    syncKey: `marks-lazy-${Math.random().toString(36).slice(2)}`,
  });
  cleanups.push(() => store.destroy());
  return { held, store };
}

async function load(held: ReturnType<typeof deferredFetch>, store: InboxStore, ids: string[]): Promise<void> {
  cleanups.push(store.$messages.listen(() => {}));
  (await held.nextList(0)).reply(200, listBody(ids.map((id) => message(id))));
  await until(() => store.$loaded.get(), 'the first page');
}

const flags = (store: InboxStore, id: string) => {
  const found = store.$messages.get().find((m) => m._id === id)!;
  return { read: found.read, seen: found.seen };
};

const marksLoaded = () =>
  performance.getEntriesByType('resource').some((entry) => entry.name.includes('/store/inbox-marks.'));

describe('inbox store: the sending of marks loads on first use', () => {
  it('is not loaded when the first page shows; marks made before it arrived show at once, then go in order', async () => {
    const { held, store } = withHeld();
    let loadedAtFirstPage: boolean | undefined;
    let first: Promise<ActionResult> | undefined;
    let second: Promise<ActionResult> | undefined;
    cleanups.push(
      store.$loaded.listen((loaded) => {
        if (!loaded) return;
        loadedAtFirstPage = marksLoaded();
        // Marks made the moment the list shows, before the sending code could arrive.
        queueMicrotask(() => {
          first = store.markAs(['a'], 'read');
          second = store.markAs(['b'], 'seen');
          expect(flags(store, 'a')).to.deep.equal({ read: true, seen: true });
          expect(flags(store, 'b')).to.deep.equal({ read: false, seen: true });
          expect(store.$counts.get()).to.include({ unseen: 0, unread: 1 });
        });
      }),
    );
    await load(held, store, ['a', 'b']);
    expect(loadedAtFirstPage, 'loaded before the first page showed').to.equal(false);
    await until(() => second, 'the marks');

    // Sent in the user's order, one at a time, once the module is there.
    const one = await held.nextMark();
    expect(marksLoaded()).to.equal(true);
    expect(one.body).to.deep.equal({ messageId: ['a'], markAs: 'read' });
    one.reply(201, markBody([message('a', { read: true, seen: true })]));
    expect(await first).to.deep.equal({ ok: true });
    const two = await held.nextMark();
    expect(two.body).to.deep.equal({ messageId: ['b'], markAs: 'seen' });
    two.reply(201, markBody([message('b', { seen: true })]));
    expect(await second).to.deep.equal({ ok: true });
    expect(flags(store, 'b')).to.deep.equal({ read: false, seen: true });
  });

  it('a mark-all made right after a mark waits for it, and a failure still rolls back', async () => {
    const { held, store } = withHeld();
    await load(held, store, ['a', 'b', 'c']);
    const one = store.markAs(['a'], 'read');
    const all = store.markAllAs('read');
    expect(store.$counts.get()).to.include({ unread: 0 });

    (await held.nextMark()).reply(201, markBody([message('a', { read: true, seen: true })]));
    expect(await one).to.deep.equal({ ok: true });
    const batch = await held.nextMark();
    expect(batch.body).to.deep.equal({ messageId: ['b', 'c'], markAs: 'read' });
    batch.reply(500, { statusCode: 500, message: 'boom' });
    expect(await all).to.include({ ok: false, reason: 'failed' });
    expect(flags(store, 'a')).to.deep.equal({ read: true, seen: true });
    expect(flags(store, 'b')).to.deep.equal({ read: false, seen: false });
    expect(store.$actionError.get()).to.include({ action: 'markAllAs', markAs: 'read' });
    expect(store.$actionError.get()!.ids).to.deep.equal(['b', 'c']);
  });
});
