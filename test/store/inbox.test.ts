import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import {
  createNotifClient,
  NotifHttpError,
  type NotifClient,
  type NotifError,
} from '../../src/client/index.js';
import type { Message } from '../../src/client/types.js';
import { createMockService, MAYA, PRIYA, type MockService } from '../../src/mock/index.js';
import { MARK_ALL_BATCH_SIZE, MARK_ALL_MAX_PAGES, MARK_ALL_PAGE_SIZE } from '../../src/store/inbox.js';
import { syncName } from '../../src/store/inbox-sync.js';
import {
  createInboxStore,
  type InboxCounts,
  type InboxStore,
  type InboxStoreOptions,
} from '../../src/store/index.js';
import { deferredFetch, listBody, markBody, message } from '../helpers/deferred-fetch.js';
import { settle } from '../helpers/fake-fetch.js';
import { until } from '../fixtures/store-in-state.js';

// ---------------------------------------------------------------------------------------------------------
// Harness

let cleanups: (() => void)[] = [];
let clock: sinon.SinonFakeTimers | undefined;
let keys = 0;

afterEach(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
  cleanups = [];
  sent.clear();
  clock?.restore();
  clock = undefined;
  delete (document as { visibilityState?: unknown }).visibilityState;
  delete (navigator as { locks?: unknown }).locks;
});

/** A syncKey no other test uses, so channels and locks never leak between tests. */
function uniqueKey(): string {
  return `inbox-test-${++keys}-${Math.random().toString(36).slice(2)}`;
}

function fakeTime(): sinon.SinonFakeTimers {
  clock = sinon.useFakeTimers({
    now: Date.parse('2025-11-20T12:00:00.000Z'),
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  return clock;
}

/** Runs due fake timers and lets the real async work they start (fetch bodies, channels, locks) finish. */
async function advance(ms: number): Promise<void> {
  await settle();
  await clock!.tickAsync(ms);
  await settle();
  await requestsLogged();
}

/** Requests each mock was sent through `mockClient`: it logs one only once it has read the body (real async). */
const sent = new Map<MockService, number>();

/** Waits until every mock has logged the requests sent to it, so a count of `mock.requests` is complete. */
async function requestsLogged(): Promise<void> {
  await until(
    () => [...sent].every(([mock, count]) => mock.requests.length >= count),
    'the mock service to log the requests sent to it',
  );
}

/**
 * The 'pages' messages each tab channel has delivered, by channel name. A tab that hears another's fresh
 * first page puts its own next poll off by an interval; that message crosses real async work, so a late one
 * would move a poll out of the fake time a test advances. `ready()` waits for them.
 */
const deliveredPages = new Map<string, number>();
const NativeBroadcastChannel = globalThis.BroadcastChannel;
class CountingBroadcastChannel extends NativeBroadcastChannel {
  constructor(name: string) {
    super(name);
    this.addEventListener('message', (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === 'pages') {
        deliveredPages.set(name, (deliveredPages.get(name) ?? 0) + 1);
      }
    });
  }
}
before(() => {
  globalThis.BroadcastChannel = CountingBroadcastChannel;
});
after(() => {
  globalThis.BroadcastChannel = NativeBroadcastChannel;
});

/**
 * Waits until the store's first page arrived; when stores share a sync channel, until each heard the
 * others' first pages; and when they elect a poller through Web Locks, until the election settled (a lock
 * held, nobody waiting that could still get it before the next tick).
 */
async function ready(...stores: InboxStore[]): Promise<void> {
  await until(() => stores.every((s) => s.$loaded.get()), 'the first pages');
  const { syncKey } = stores[0]!.options;
  if (stores.length > 1 && syncKey !== false) {
    const name = syncName(syncKey);
    const expected = stores.length * (stores.length - 1);
    await until(
      () => (deliveredPages.get(name) ?? 0) >= expected,
      "the tabs to hear each other's first pages",
    );
  }
  await electionSettled(stores[0]!, stores.length - 1);
}

async function electionSettled(store: InboxStore, waiting = 0): Promise<void> {
  const { syncKey } = store.options;
  if (syncKey === false || !navigator.locks) return;
  const name = syncName(syncKey);
  const start = performance.now();
  while (performance.now() - start < 5_000) {
    const { held = [], pending = [] } = await navigator.locks.query();
    const queued = pending.filter((l) => l.name === name).length;
    if (held.some((l) => l.name === name) && queued === waiting) {
      await settle();
      return;
    }
    await settle(1);
  }
  throw new Error(`timed out waiting for the lock ${name}`);
}

function track(store: InboxStore): InboxStore {
  cleanups.push(() => store.destroy());
  return store;
}

function mount(store: InboxStore): () => void {
  const off = store.$messages.listen(() => {});
  cleanups.push(off);
  return off;
}

function ids(store: InboxStore): string[] {
  return store.$messages.get().map((m) => m._id!);
}

function byId(store: InboxStore, id: string): Message {
  const found = store.$messages.get().find((m) => m._id === id);
  if (!found) throw new Error(`no message ${id} in the store`);
  return found;
}

/** A client over the mock; `hook` (if any) sees each request before it goes out. */
function mockClient(mock: MockService, hook?: (url: URL, method: string) => void): NotifClient {
  return createNotifClient({
    baseUrl: 'https://mock.test',
    apiKey: mock.apiKey,
    retry: false,
    timeoutMs: 0,
    fetch: (input, init) => {
      hook?.(new URL(input), init.method ?? 'GET');
      sent.set(mock, (sent.get(mock) ?? 0) + 1);
      return mock.fetch(input, init);
    },
  });
}

function withMock(options: Partial<InboxStoreOptions> = {}, mock = createMockService()) {
  const client = mockClient(mock);
  const store = track(
    createInboxStore(client, { subscriberId: PRIYA, pollInterval: 0, syncKey: uniqueKey(), ...options }),
  );
  return { mock, client, store };
}

/** The service's in-app list of a subscriber, newest first. */
function serverIds(mock: MockService, subscriberId = PRIYA): string[] {
  const subscriber = mock.db.subscribers.find((s) => s.subscriberId === subscriberId)!;
  return mock.db.messages
    .filter(
      (m) =>
        m.channel === 'in_app' && (m._subscriberId === subscriber._id || m._subscriberId === subscriberId),
    )
    .map((m) => m._id!);
}

function listRequests(mock: MockService, page?: number) {
  return mock.requests.filter(
    (r) =>
      r.method === 'GET' &&
      r.path === '/v1/messages' &&
      (page === undefined || new URLSearchParams(r.query).get('page') === String(page)),
  );
}

function markRequests(mock: MockService) {
  return mock.requests.filter((r) => r.path.endsWith('/messages/mark-as'));
}

function withHeld(options: Partial<InboxStoreOptions> = {}) {
  const held = deferredFetch();
  const client = createNotifClient({
    baseUrl: 'https://held.test',
    fetch: held.fetch,
    retry: false,
    timeoutMs: 0,
  });
  const store = track(
    createInboxStore(client, { subscriberId: 'sub', pollInterval: 0, syncKey: uniqueKey(), ...options }),
  );
  return { held, client, store };
}

/** Mounts the store and answers its first page. */
async function loadHeld(
  held: ReturnType<typeof deferredFetch>,
  store: InboxStore,
  data: Message[],
  hasMore = false,
): Promise<void> {
  mount(store);
  (await held.nextList(0)).reply(200, listBody(data, hasMore));
  await until(() => store.$loaded.get(), 'the first page');
}

function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

function newMessageLog(store: InboxStore): string[][] {
  const log: string[][] = [];
  cleanups.push(store.onNewMessages((messages) => log.push(messages.map((m) => m._id!))));
  return log;
}

// ---------------------------------------------------------------------------------------------------------

describe('inbox store', () => {
  describe('options', () => {
    it('fills in the defaults and exposes them', () => {
      const store = track(createInboxStore(mockClient(createMockService()), { subscriberId: PRIYA }));
      expect(store.subscriberId).to.equal(PRIYA);
      expect(store.options).to.deep.equal({
        subscriberId: PRIYA,
        pageSize: 20,
        pollInterval: 30_000,
        markSeenOnOpen: true,
        contextKeys: [],
        syncKey: PRIYA,
        live: true,
      });
    });

    it('refuses a missing subscriber and impossible sizes', () => {
      const client = mockClient(createMockService());
      expect(() => createInboxStore(client, { subscriberId: '' })).to.throw(TypeError);
      expect(() => createInboxStore(client, { subscriberId: 'a', pageSize: 0 })).to.throw(RangeError);
      expect(() => createInboxStore(client, { subscriberId: 'a', pollInterval: -1 })).to.throw(RangeError);
    });
  });

  describe('loading', () => {
    it('does nothing until someone subscribes, then loads the first in-app page', async () => {
      const { mock, store } = withMock({ pageSize: 15 });
      await settle();
      expect(mock.requests).to.have.length(0);
      expect(store.$loaded.get()).to.equal(false);

      mount(store);
      expect(store.$status.get()).to.deep.equal({ state: 'loading' });
      await until(() => store.$loaded.get(), 'the first page');

      const query = new URLSearchParams(listRequests(mock)[0]!.query);
      expect(Object.fromEntries(query)).to.deep.equal({
        subscriberId: PRIYA,
        channel: 'in_app',
        page: '0',
        limit: '15',
      });
      expect(ids(store)).to.deep.equal(serverIds(mock).slice(0, 15));
      expect(store.$hasMore.get()).to.equal(true);
      expect(store.$status.get()).to.deep.equal({ state: 'idle' });
    });

    it('starts when only the counts are watched (a bell without a list)', async () => {
      const { mock, store } = withMock();
      cleanups.push(store.$counts.listen(() => {}));
      await until(() => store.$loaded.get(), 'the first page');
      expect(listRequests(mock)).to.have.length(1);
      expect(store.$counts.get().unseen).to.be.greaterThan(0);
    });

    it('keeps in-app messages with an id, each once, newest first', async () => {
      const { held, store } = withHeld();
      const a = message('a');
      await loadHeld(held, store, [
        a,
        message('email', { channel: 'email' }),
        { ...message('x'), _id: undefined },
        message('b'),
        { ...a, content: 'a duplicate' },
      ]);
      expect(ids(store)).to.deep.equal(['a', 'b']);
      expect(byId(store, 'a').content).to.equal('Message a');
    });

    it('loadMore appends the next page until there is no more', async () => {
      const { mock, store } = withMock({ pageSize: 25 });
      mount(store);
      await until(() => store.$loaded.get());
      await store.loadMore();
      expect(ids(store)).to.deep.equal(serverIds(mock).slice(0, 50));
      expect(new URLSearchParams(listRequests(mock)[1]!.query).get('page')).to.equal('1');
      await store.loadMore();
      expect(ids(store)).to.deep.equal(serverIds(mock));
      expect(store.$hasMore.get()).to.equal(false);

      const before = mock.requests.length;
      await store.loadMore();
      expect(mock.requests.length).to.equal(before);
    });

    it('loadMore does nothing while a load is under way', async () => {
      const { held, store } = withHeld({ pageSize: 2 });
      await loadHeld(held, store, [message('a'), message('b')], true);
      const first = store.loadMore();
      const second = store.loadMore();
      const refresh = store.refresh();
      await store.loadMore();
      const more = await held.nextList(1);
      expect(held.requests.filter((r) => r.query.get('page') === '1')).to.have.length(1);
      more.reply(200, listBody([message('c')], false, 1, 2));
      await Promise.all([first, second]);
      (await held.nextList(0)).reply(200, listBody([message('a'), message('b')], true, 0, 2));
      await refresh;
      expect(ids(store)).to.deep.equal(['a', 'b', 'c']);
      expect(held.requests).to.have.length(3);
    });

    it('shows a failed first load, and refresh() retries it', async () => {
      const mock = createMockService();
      mock.fail({ status: 503, path: '/v1/messages' });
      const { store } = withMock({}, mock);
      mount(store);
      await until(() => store.$status.get().state === 'error', 'the error');
      const status = store.$status.get();
      expect(status.state === 'error' && status.error).to.be.instanceOf(NotifHttpError);
      expect(store.$loaded.get()).to.equal(false);

      await store.refresh();
      expect(store.$status.get()).to.deep.equal({ state: 'idle' });
      expect(ids(store)).to.deep.equal(serverIds(mock).slice(0, 20));
    });

    it('keeps the loaded messages when loadMore fails, and can try again', async () => {
      const { mock, store } = withMock();
      mount(store);
      await until(() => store.$loaded.get());
      mock.networkError({ path: '/v1/messages' });
      await store.loadMore();
      expect(store.$status.get().state).to.equal('error');
      expect(ids(store)).to.deep.equal(serverIds(mock).slice(0, 20));
      await store.loadMore();
      expect(store.$status.get()).to.deep.equal({ state: 'idle' });
      expect(ids(store)).to.deep.equal(serverIds(mock).slice(0, 40));
    });

    it('keeps the list and reports the error when a gateway answers a refresh with an HTML page', async () => {
      const { mock, store } = withMock();
      mount(store);
      await until(() => store.$loaded.get());
      const shown = ids(store);
      expect(shown.length).to.be.greaterThan(0);
      mock.fail({
        status: 200,
        method: 'GET',
        path: '/v1/messages',
        headers: { 'content-type': 'text/html' },
        body: '<!doctype html><title>Sign in</title><form action="/login"></form>',
      });
      await store.refresh();
      expect(ids(store), 'nothing emptied').to.deep.equal(shown);
      const status = store.$status.get();
      expect(status).to.include({ state: 'error', operation: 'refresh' });
      expect(status.state === 'error' && (status.error as NotifError).kind).to.equal('invalid-response');
    });

    it('retry() sends a refresh that failed after the list was loaded again, and clears the error', async () => {
      // Every message on one page: there is nothing more to load, only the refresh to retry.
      const { mock, store } = withMock({ pageSize: 100 });
      mount(store);
      await until(() => store.$loaded.get());
      expect(store.$hasMore.get()).to.equal(false);
      const arrived = mock.addMessage(PRIYA)._id!;
      mock.fail({ status: 503, method: 'GET', path: '/v1/messages' });
      await store.refresh();
      const status = store.$status.get();
      expect(status).to.include({ state: 'error', operation: 'refresh' });
      expect(status.state === 'error' && status.error).to.be.instanceOf(NotifHttpError);

      mock.clearRequests();
      await store.retry();
      expect(listRequests(mock, 0), 'the refresh, again').to.have.length(1);
      expect(store.$status.get()).to.deep.equal({ state: 'idle' });
      expect(ids(store)).to.deep.equal(serverIds(mock));
      expect(ids(store)[0]).to.equal(arrived);

      mock.clearRequests();
      await store.retry();
      expect(mock.requests, 'nothing failed, nothing to retry').to.have.length(0);
    });

    it('retry() sends a loadMore that failed again, and a failed first load', async () => {
      const mock = createMockService();
      mock.fail({ status: 503, path: '/v1/messages' });
      const { store } = withMock({ pageSize: 10 }, mock);
      mount(store);
      await until(() => store.$status.get().state === 'error', 'the failed first load');
      expect(store.$status.get()).to.include({ operation: 'refresh' });
      await store.retry();
      expect(ids(store)).to.deep.equal(serverIds(mock).slice(0, 10));

      mock.networkError({ path: '/v1/messages' });
      await store.loadMore();
      expect(store.$status.get()).to.include({ state: 'error', operation: 'loadMore' });
      mock.clearRequests();
      await store.retry();
      expect(listRequests(mock).map((r) => new URLSearchParams(r.query).get('page'))).to.deep.equal(['1']);
      expect(store.$status.get()).to.deep.equal({ state: 'idle' });
      expect(ids(store)).to.deep.equal(serverIds(mock).slice(0, 20));
    });
  });

  describe('page shifts', () => {
    it('loadMore after a few arrivals drops the repeated messages: no duplicate, no gap', async () => {
      const { mock, store } = withMock({ pageSize: 10 });
      const log = newMessageLog(store);
      mount(store);
      await until(() => store.$loaded.get());
      const before = serverIds(mock);
      const arrived = mock.addMessages(3, PRIYA).map((m) => m._id!);

      await store.loadMore();
      expect(ids(store), 'the page repeated 3 loaded messages').to.deep.equal(before.slice(0, 17));
      expect(new URLSearchParams(listRequests(mock).at(-1)!.query).get('page')).to.equal('1');
      await store.loadMore();
      expect(ids(store), 'the next page takes the shift into account').to.deep.equal(before.slice(0, 27));
      expect(new URLSearchParams(listRequests(mock).at(-1)!.query).get('page')).to.equal('2');
      expect(log, 'loadMore does not announce').to.deep.equal([]);

      await store.refresh();
      expect(ids(store)).to.deep.equal(serverIds(mock).slice(0, 30));
      expect(log).to.deep.equal([arrived.reverse()]);
    });

    it('refresh fetches following pages until they meet the list when more than a page arrived', async () => {
      const { mock, store } = withMock({ pageSize: 10 });
      const log = newMessageLog(store);
      mount(store);
      await until(() => store.$loaded.get());
      mock.clearRequests();
      mock.addMessages(25, PRIYA);

      await store.refresh();
      expect(listRequests(mock).map((r) => new URLSearchParams(r.query).get('page'))).to.deep.equal([
        '0',
        '1',
        '2',
      ]);
      expect(ids(store)).to.deep.equal(serverIds(mock).slice(0, 35));
      expect(log).to.have.length(1);
      expect(log[0]).to.deep.equal(serverIds(mock).slice(0, 25));
      expect(store.$hasMore.get()).to.equal(true);
    });

    it('refresh replaces the list with the fresh page when the list is out of reach', async () => {
      const { mock, store } = withMock({ pageSize: 10 });
      const log = newMessageLog(store);
      mount(store);
      await until(() => store.$loaded.get());
      await store.loadMore();
      mock.clearRequests();
      mock.addMessages(60, PRIYA);

      await store.refresh();
      expect(listRequests(mock)).to.have.length(5);
      expect(ids(store)).to.deep.equal(serverIds(mock).slice(0, 10));
      expect(store.$hasMore.get()).to.equal(true);
      expect(log).to.deep.equal([serverIds(mock).slice(0, 10)]);

      await store.loadMore();
      expect(ids(store)).to.deep.equal(serverIds(mock).slice(0, 20));
    });

    it('announces only what it did not have when a fresh page replaces the list', async () => {
      const { mock, store } = withMock({ pageSize: 10 });
      const log = newMessageLog(store);
      mount(store);
      await until(() => store.$loaded.get());
      // A message dated between the first two: the fresh first page disagrees with the list and replaces it.
      const [first, second] = store.$messages.get();
      const between = (Date.parse(first!.createdAt) + Date.parse(second!.createdAt)) / 2;
      const late = mock.addMessage(PRIYA, { createdAt: new Date(between).toISOString() })._id!;
      await store.refresh();
      expect(ids(store)).to.deep.equal(serverIds(mock).slice(0, 10));
      expect(ids(store)[1]).to.equal(late);
      expect(log, 'the nine messages it already had are not news').to.deep.equal([[late]]);
    });

    it('loadMore after more than a page arrived catches up the top first', async () => {
      const { mock, store } = withMock({ pageSize: 10 });
      const log = newMessageLog(store);
      mount(store);
      await until(() => store.$loaded.get());
      mock.addMessages(25, PRIYA);

      await store.loadMore();
      expect(ids(store)).to.deep.equal(serverIds(mock).slice(0, 40));
      expect(log).to.deep.equal([serverIds(mock).slice(0, 25)]);
    });

    it('stays an exact prefix of the service list through arrivals, refreshes and loads', async () => {
      const { mock, store } = withMock({ pageSize: 7 });
      mount(store);
      await until(() => store.$loaded.get());
      const arrivals = [0, 3, 7, 1, 12, 6, 0, 9, 2, 15];
      for (const [step, count] of arrivals.entries()) {
        mock.addMessages(count, PRIYA);
        if (step % 3 === 2) await store.refresh();
        else await store.loadMore();
        await store.refresh();
        const list = ids(store);
        expect(new Set(list).size, 'no duplicates').to.equal(list.length);
        expect(list, `step ${step}`).to.deep.equal(serverIds(mock).slice(0, list.length));
      }
    });

    it('brings in flags changed elsewhere on refresh', async () => {
      const { client, store } = withMock();
      mount(store);
      await until(() => store.$loaded.get());
      const id = ids(store).find((i) => !byId(store, i).read)!;
      await client.markMessagesAs(PRIYA, { messageId: [id], markAs: 'read' });
      expect(byId(store, id).read).to.equal(false);
      await store.refresh();
      expect(byId(store, id).read).to.equal(true);
    });
  });

  describe('bursts', () => {
    /** With pages of 10: none, one, just under a page, a page, just over, and more than two pages. */
    const BURSTS = [0, 1, 9, 10, 11, 12, 25];

    /**
     * A store over the mock service whose list requests can be preceded by arrivals: `arrive(n)` adds `n`
     * messages now, `arriveBefore(k, n)` adds them just before the k-th list request from now (1 = the next).
     */
    function burstSetup() {
      const mock = createMockService();
      const planned = new Map<number, number>();
      let sent = 0;
      const client = createNotifClient({
        baseUrl: 'https://mock.test',
        apiKey: mock.apiKey,
        retry: false,
        timeoutMs: 0,
        fetch: (input, init) => {
          if (new URL(String(input)).pathname === '/v1/messages') {
            sent++;
            mock.addMessages(planned.get(sent) ?? 0, PRIYA);
            planned.delete(sent);
          }
          return mock.fetch(input, init);
        },
      });
      const store = track(
        createInboxStore(client, {
          subscriberId: PRIYA,
          pageSize: 10,
          pollInterval: 0,
          syncKey: uniqueKey(),
        }),
      );
      return {
        mock,
        store,
        arrive: (count: number) => void mock.addMessages(count, PRIYA),
        arriveBefore: (k: number, count: number) => void planned.set(sent + k, count),
        cancelArrivals: () => planned.clear(),
      };
    }

    type Setup = ReturnType<typeof burstSetup>;

    /** The list is one run of the service's list: in its order, nothing skipped, nothing twice. */
    function expectRun({ store, mock }: Setup, what: string): void {
      const list = ids(store);
      const server = serverIds(mock);
      const start = list.length === 0 ? 0 : server.indexOf(list[0]!);
      expect(start, `${what}: the first message is on the service`).to.be.at.least(0);
      expect(list, `${what}: a run of the service's list`).to.deep.equal(
        server.slice(start, start + list.length),
      );
      expect(store.$status.get().state, `${what}: no error`).to.equal('idle');
    }

    /** Refreshes, loads every page, and expects exactly the service's list. */
    async function expectAll(setup: Setup, what: string): Promise<void> {
      const { store, mock } = setup;
      await store.refresh();
      expectRun(setup, `${what}, refreshed`);
      for (let i = 0; i < 50 && store.$hasMore.get(); i++) await store.loadMore();
      expect(ids(store), `${what}, loaded to the end`).to.deep.equal(serverIds(mock));
      expect(store.$hasMore.get(), `${what}: nothing more`).to.equal(false);
    }

    async function loaded(setup: Setup): Promise<void> {
      mount(setup.store);
      await until(() => setup.store.$loaded.get(), 'the first page');
    }

    it('25 arrivals before a loadMore and 25 more during its catch-up of the top: none left out', async () => {
      const setup = burstSetup();
      const { store, arrive, arriveBefore } = setup;
      await loaded(setup);
      arrive(25);
      arriveBefore(3, 25); // the second page of the top, which the loadMore reads again
      await store.loadMore();
      expectRun(setup, 'after the loadMore');
      for (let i = 0; i < 3; i++) await store.loadMore();
      expectRun(setup, 'after three more');
      await expectAll(setup, 'in the end');
    });

    it('12 arrivals before a refresh and 12 more between its requests: newest stay on top', async () => {
      const setup = burstSetup();
      const { store, arrive, arriveBefore } = setup;
      await loaded(setup);
      arrive(12);
      arriveBefore(2, 12);
      await store.refresh();
      expectRun(setup, 'after the refresh');
      await store.loadMore();
      expectRun(setup, 'after a loadMore');
      await expectAll(setup, 'in the end');
    });

    type Plan = (setup: Setup, n: number, m: number) => Promise<void>;

    /** Arrivals between the operations a person makes; each plan takes two burst sizes. */
    const PLANS: [string, Plan][] = [
      [
        'n before a loadMore, m before the next loadMore',
        async ({ store, arrive }, n, m) => {
          arrive(n);
          await store.loadMore();
          arrive(m);
          await store.loadMore();
        },
      ],
      [
        'n before a loadMore, m before a refresh',
        async ({ store, arrive }, n, m) => {
          arrive(n);
          await store.loadMore();
          arrive(m);
          await store.refresh();
        },
      ],
      [
        'n before a refresh, m before a loadMore',
        async ({ store, arrive }, n, m) => {
          arrive(n);
          await store.refresh();
          arrive(m);
          await store.loadMore();
        },
      ],
      [
        'n between two loadMores, m before a third',
        async ({ store, arrive }, n, m) => {
          await store.loadMore();
          arrive(n);
          await store.loadMore();
          arrive(m);
          await store.loadMore();
        },
      ],
    ];

    for (const [name, plan] of PLANS) {
      it(`pages stay gap-free and in the service's order: ${name}`, async () => {
        for (const n of BURSTS) {
          for (const m of BURSTS) {
            const setup = burstSetup();
            await loaded(setup);
            await plan(setup, n, m);
            expectRun(setup, `n=${n} m=${m}`);
            await expectAll(setup, `n=${n} m=${m}`);
            setup.store.destroy();
          }
        }
      });
    }

    // Arrivals between any two list requests, including those inside one operation (a refresh reading
    // several pages, a loadMore reading the top again): n before the i-th request of loadMore, loadMore,
    // refresh, loadMore, and m before the j-th.
    for (const n of BURSTS.filter((size) => size > 0)) {
      it(`pages stay gap-free and in the service's order: ${n} and m before any two list requests`, async () => {
        for (const m of BURSTS.filter((size) => size > 0)) {
          for (let i = 1; i <= 5; i++) {
            for (let j = i + 1; j <= 6; j++) {
              const setup = burstSetup();
              const { store, arriveBefore } = setup;
              await loaded(setup);
              arriveBefore(i, n);
              arriveBefore(j, m);
              const what = `n=${n} before request ${i}, m=${m} before request ${j}`;
              for (const step of ['loadMore', 'loadMore', 'refresh', 'loadMore'] as const) {
                await store[step]();
                expectRun(setup, `${what}, after ${step}`);
              }
              setup.cancelArrivals();
              await expectAll(setup, what);
              store.destroy();
            }
          }
        }
      });
    }

    it('loadMore without arrivals sends one request per page', async () => {
      const { store, mock } = burstSetup();
      mount(store);
      await until(() => store.$loaded.get());
      expect(listRequests(mock)).to.have.length(1);
      for (let page = 1; store.$hasMore.get(); page++) {
        await store.loadMore();
        expect(listRequests(mock).map((r) => new URLSearchParams(r.query).get('page'))).to.deep.equal(
          Array.from({ length: page + 1 }, (_, i) => String(i)),
        );
      }
      expect(ids(store)).to.deep.equal(serverIds(mock));
    });
  });

  describe('optimistic mark-as', () => {
    it('changes the flags at once, then keeps the copy the service sends back', async () => {
      const { held, store } = withHeld();
      await loadHeld(held, store, [message('a'), message('b')]);
      const done = store.markAs(['a'], 'read');
      expect(byId(store, 'a')).to.include({ read: true, seen: true });
      expect(byId(store, 'b')).to.include({ read: false, seen: false });

      const request = await held.nextMark();
      expect(request.method).to.equal('POST');
      expect(request.path).to.equal('/v1/subscribers/sub/messages/mark-as');
      expect(request.body).to.deep.equal({ messageId: ['a'], markAs: 'read' });
      request.reply(
        201,
        markBody([message('a', { read: true, seen: true, lastReadDate: '2030-01-01T00:00:00.000Z' })]),
      );
      await done;
      expect(byId(store, 'a').lastReadDate).to.equal('2030-01-01T00:00:00.000Z');
    });

    it('uses the service flag rule: unseen also marks unread', async () => {
      const { held, store } = withHeld();
      await loadHeld(held, store, [message('a', { read: true, seen: true })]);
      void store.markAs(['a'], 'unseen');
      expect(byId(store, 'a')).to.include({ read: false, seen: false });
    });

    it('rolls back a failed change and reports it; never rejects', async () => {
      const { held, store } = withHeld();
      await loadHeld(held, store, [message('a'), message('b'), message('c', { read: true, seen: true })]);
      const done = store.markAs(['a', 'b'], 'read');
      expect(byId(store, 'b').read).to.equal(true);
      (await held.nextMark()).reply(500, { statusCode: 500, message: 'boom' });
      await done;

      expect(byId(store, 'a')).to.include({ read: false, seen: false });
      expect(byId(store, 'b')).to.include({ read: false, seen: false });
      expect(byId(store, 'c')).to.include({ read: true, seen: true });
      const error = store.$actionError.get();
      expect(error).to.include({ action: 'markAs', markAs: 'read' });
      expect(error!.ids).to.deep.equal(['a', 'b']);
      expect(error!.error).to.be.instanceOf(NotifHttpError);

      store.dismissError();
      expect(store.$actionError.get()).to.equal(null);
    });

    it('resolves a result, and keeps the last error until dismissed, even after a later success', async () => {
      const { held, store } = withHeld();
      await loadHeld(held, store, [message('a')]);
      const failed = store.markAs(['a'], 'seen');
      (await held.nextMark()).networkError();
      const failure = await failed;
      expect(failure).to.include({ ok: false, reason: 'failed' });
      expect(failure.ok === false && failure.reason === 'failed' && failure.error).to.equal(
        store.$actionError.get()!.error,
      );
      const ok = store.markAs(['a'], 'seen');
      (await held.nextMark()).reply(201, markBody([message('a', { seen: true })]));
      expect(await ok).to.deep.equal({ ok: true });
      expect(store.$actionError.get(), 'a success is not a dismissal').to.include({ markAs: 'seen' });
      store.dismissError();
      expect(store.$actionError.get()).to.equal(null);
      expect(await store.markAs([], 'read'), 'nothing to send').to.deep.equal({ ok: true });
      store.destroy();
      expect(await store.markAs(['a'], 'read')).to.deep.equal({ ok: false, reason: 'destroyed' });
    });

    it('sends changes one at a time, in the order the user made them', async () => {
      const { held, store } = withHeld();
      await loadHeld(held, store, [message('a'), message('b')]);
      const first = store.markAs(['a'], 'read');
      const second = store.markAs(['b'], 'seen');
      const r1 = await held.nextMark();
      await settle();
      expect(held.open().filter((r) => r.path.endsWith('mark-as'))).to.have.length(1);
      r1.reply(201, markBody([message('a', { read: true, seen: true })]));
      const r2 = await held.nextMark();
      expect(r2.body).to.deep.equal({ messageId: ['b'], markAs: 'seen' });
      r2.reply(201, markBody([message('b', { seen: true })]));
      await Promise.all([first, second]);
      expect(byId(store, 'a').read).to.equal(true);
      expect(byId(store, 'b').seen).to.equal(true);
    });

    it('a response never hides a newer change the user made meanwhile', async () => {
      const { held, store } = withHeld();
      await loadHeld(held, store, [message('a')]);
      void store.markAs(['a'], 'read');
      void store.markAs(['a'], 'unread');
      expect(byId(store, 'a').read).to.equal(false);

      (await held.nextMark()).reply(201, markBody([message('a', { read: true, seen: true })]));
      await settle();
      expect(byId(store, 'a').read, 'the second change still shows').to.equal(false);

      const r2 = await held.nextMark();
      expect(r2.body).to.deep.equal({ messageId: ['a'], markAs: 'unread' });
      r2.reply(201, markBody([message('a', { read: false, seen: true })]));
      await settle();
      expect(byId(store, 'a')).to.include({ read: false, seen: true });
    });

    it('a rollback leaves later changes to the same message in place', async () => {
      const { held, store } = withHeld();
      await loadHeld(held, store, [message('a')]);
      const seen = store.markAs(['a'], 'seen');
      void store.markAs(['a'], 'read');
      (await held.nextMark()).reply(500, {});
      await seen;
      expect(byId(store, 'a'), 'the later read stays').to.include({ read: true, seen: true });
      expect(store.$actionError.get()?.markAs).to.equal('seen');

      (await held.nextMark()).reply(503, {});
      await until(() => store.$actionError.get()?.markAs === 'read');
      expect(byId(store, 'a')).to.include({ read: false, seen: false });
    });

    it('rolls back to the last confirmed state, not to the state before the first change', async () => {
      const { held, store } = withHeld();
      await loadHeld(held, store, [message('a')]);
      void store.markAs(['a'], 'seen');
      void store.markAs(['a'], 'read');
      (await held.nextMark()).reply(201, markBody([message('a', { seen: true })]));
      (await held.nextMark()).reply(500, {});
      await until(() => store.$actionError.get() !== null);
      expect(byId(store, 'a')).to.include({ read: false, seen: true });
    });

    it('a list response arriving while a change is pending keeps the new flags', async () => {
      const { held, store } = withHeld();
      await loadHeld(held, store, [message('a'), message('b')]);
      const marked = store.markAs(['a'], 'read');
      const mark = await held.nextMark();
      const refreshed = store.refresh();
      (await held.nextList(0)).reply(
        200,
        listBody([message('n'), message('a'), message('b', { read: true, seen: true })]),
      );
      await refreshed;
      expect(ids(store)).to.deep.equal(['n', 'a', 'b']);
      expect(byId(store, 'a').read, 'the pending change still shows').to.equal(true);
      expect(byId(store, 'b').read, 'a message without pending change takes the list copy').to.equal(true);

      mark.reply(201, markBody([message('a', { read: true, seen: true })]));
      await marked;
      expect(byId(store, 'a').read).to.equal(true);
    });

    it('a list request sent before a change was confirmed cannot undo it', async () => {
      const { held, store } = withHeld();
      await loadHeld(held, store, [message('a')]);
      const refreshed = store.refresh();
      const list = await held.nextList(0);
      const marked = store.markAs(['a'], 'read');
      (await held.nextMark()).reply(201, markBody([message('a', { read: true, seen: true })]));
      await marked;
      list.reply(200, listBody([message('a')]));
      await refreshed;
      expect(byId(store, 'a')).to.include({ read: true, seen: true });
    });

    it('a loadMore response does not bring back old flags either', async () => {
      const { held, store } = withHeld({ pageSize: 2 });
      await loadHeld(held, store, [message('a'), message('b')], true);
      const more = store.loadMore();
      const list = await held.nextList(1);
      void store.markAs(['b'], 'read');
      list.reply(200, listBody([message('b'), message('c')], false, 1, 2));
      await more;
      expect(ids(store)).to.deep.equal(['a', 'b', 'c']);
      expect(byId(store, 'b').read).to.equal(true);
    });

    it('markAllAs sends one request with the loaded messages that need it', async () => {
      const { held, store } = withHeld();
      await loadHeld(held, store, [
        message('a'),
        message('b', { read: true, seen: true }),
        message('c', { seen: true }),
      ]);
      const done = store.markAllAs('read');
      expect(store.$messages.get().every((m) => m.read && m.seen)).to.equal(true);
      const request = await held.nextMark();
      expect(request.body).to.deep.equal({ messageId: ['a', 'c'], markAs: 'read' });
      request.reply(
        201,
        markBody([message('a', { read: true, seen: true }), message('c', { read: true, seen: true })]),
      );
      await done;

      const count = held.requests.length;
      await store.markAllAs('seen');
      await store.markAllAs('read');
      await settle();
      expect(held.requests.length, 'nothing to mark, nothing sent').to.equal(count);
    });

    it('reports a failed markAllAs as such', async () => {
      const { held, store } = withHeld();
      await loadHeld(held, store, [message('a'), message('b')]);
      const done = store.markAllAs('seen');
      (await held.nextMark()).reply(500, {});
      await done;
      expect(store.$actionError.get()).to.include({ action: 'markAllAs', markAs: 'seen' });
      expect(store.$actionError.get()!.ids).to.deep.equal(['a', 'b']);
      expect(store.$messages.get().every((m) => !m.seen)).to.equal(true);
    });

    it('works against the mock service end to end', async () => {
      const { mock, store } = withMock({}, createMockService({ messagesPerSubscriber: 15 }));
      mount(store);
      await until(() => store.$loaded.get());
      expect(store.$hasMore.get()).to.equal(false);
      await store.markAllAs('read');
      expect(markRequests(mock)).to.have.length(1);
      expect(store.$messages.get().every((m) => m.read && m.seen)).to.equal(true);
      const onServer = new Set(mock.db.messages.filter((m) => m.read).map((m) => m._id));
      expect(ids(store).every((id) => onServer.has(id))).to.equal(true);
    });
  });

  describe('mark all', () => {
    /** The subscriber's in-app messages the service holds without the flag, newest first. */
    function unmarkedOnServer(mock: MockService, flag: 'read' | 'seen' = 'read'): string[] {
      const mine = new Set(serverIds(mock));
      return mock.db.messages.filter((m) => mine.has(m._id!) && !m[flag]).map((m) => m._id!);
    }

    /** List requests of a mark-all's walk (100 a page), after the first `since` list requests. */
    function walkRequests(mock: MockService, since = 0) {
      return listRequests(mock)
        .slice(since)
        .filter((r) => new URLSearchParams(r.query).get('limit') === String(MARK_ALL_PAGE_SIZE));
    }

    const isWalk = (url: URL) =>
      url.pathname.endsWith('/v1/messages') && url.searchParams.get('limit') === String(MARK_ALL_PAGE_SIZE);

    function store(client: NotifClient, options: Partial<InboxStoreOptions> = {}): InboxStore {
      return track(
        createInboxStore(client, { subscriberId: PRIYA, pollInterval: 0, syncKey: uniqueKey(), ...options }),
      );
    }

    async function loadAll(s: InboxStore): Promise<void> {
      mount(s);
      await until(() => s.$loaded.get(), 'the first page');
      while (s.$hasMore.get()) await s.loadMore();
    }

    /** `count` unread in-app messages for the subscriber on an otherwise empty service. */
    function unreadService(count: number): MockService {
      const mock = createMockService({ seed: 'empty' });
      mock.addMessages(count, PRIYA);
      return mock;
    }

    it('marks the pages not loaded too: nothing stays unread on the service, counts stay 0', async () => {
      const { mock, store } = withMock();
      mount(store);
      await until(() => store.$loaded.get());
      expect(serverIds(mock)).to.have.length(60);
      const loaded = ids(store);
      expect(loaded).to.have.length(20);
      expect(unmarkedOnServer(mock).filter((id) => !loaded.includes(id))).not.to.be.empty;

      const done = store.markAllAs('read');
      expect(store.$counts.get(), 'at once').to.include({ unread: 0, unseen: 0 });
      expect(await done).to.deep.equal({ ok: true });

      expect(unmarkedOnServer(mock)).to.deep.equal([]);
      expect(unmarkedOnServer(mock, 'seen')).to.deep.equal([]);
      expect(ids(store), 'the list shows what the user paged to').to.deep.equal(loaded);
      expect(walkRequests(mock)).to.have.length(1);
      expect(markRequests(mock)).to.have.length(2);
      expect(store.$counts.get()).to.include({ unread: 0, unseen: 0 });

      await store.refresh();
      expect(store.$counts.get()).to.include({ unread: 0, unseen: 0 });
      while (store.$hasMore.get()) await store.loadMore();
      expect(ids(store)).to.deep.equal(serverIds(mock));
      expect(store.$counts.get()).to.deep.equal({ unseen: 0, unread: 0, exact: true });
    });

    it('sends 250 loaded messages in 3 requests of at most 100 ids', async () => {
      const mock = unreadService(250);
      const s = store(mockClient(mock), { pageSize: 100 });
      await loadAll(s);
      expect(ids(s)).to.have.length(250);
      const before = mock.requests.length;

      const done = s.markAllAs('read');
      expect(s.$messages.get().every((m) => m.read)).to.equal(true);
      expect(s.$counts.get()).to.deep.equal({ unseen: 0, unread: 0, exact: true });
      expect(await done).to.deep.equal({ ok: true });

      const sent = mock.requests.slice(before);
      expect(
        sent.every((r) => r.path.endsWith('/messages/mark-as')),
        'no list request',
      ).to.equal(true);
      const sizes = sent.map((r) => (r.body as { messageId: string[] }).messageId.length);
      expect(sizes).to.deep.equal([MARK_ALL_BATCH_SIZE, MARK_ALL_BATCH_SIZE, 50]);
      expect(sent.flatMap((r) => (r.body as { messageId: string[] }).messageId)).to.deep.equal(ids(s));
      expect(unmarkedOnServer(mock)).to.deep.equal([]);
    });

    it('sends one request when everything is loaded and at most 100 need it', async () => {
      const mock = unreadService(MARK_ALL_BATCH_SIZE);
      const s = store(mockClient(mock), { pageSize: 50 });
      await loadAll(s);
      const before = mock.requests.length;
      expect(await s.markAllAs('seen')).to.deep.equal({ ok: true });
      const sent = mock.requests.slice(before);
      expect(sent).to.have.length(1);
      expect((sent[0]!.body as { messageId: string[] }).messageId).to.have.length(MARK_ALL_BATCH_SIZE);
      expect(unmarkedOnServer(mock, 'seen')).to.deep.equal([]);
    });

    it('marks messages sent in the same millisecond as the newest loaded one (a bulk send)', async () => {
      fakeTime();
      const mock = unreadService(250);
      const s = store(mockClient(mock), { pageSize: 100 });
      mount(s);
      await until(() => s.$loaded.get());
      expect(ids(s)).to.have.length(100);
      const lists = listRequests(mock).length;

      expect(await s.markAllAs('read')).to.deep.equal({ ok: true });
      expect(walkRequests(mock, lists), 'from the page of the last loaded one').to.have.length(3);
      expect(unmarkedOnServer(mock)).to.deep.equal([]);
      expect(ids(s)).to.have.length(100);
    });

    it('a failed batch rolls back its own messages and is reported; the other batches go through', async () => {
      const mock = unreadService(250);
      let marks = 0;
      const client = mockClient(mock, (url) => {
        if (url.pathname.endsWith('/messages/mark-as') && ++marks === 2) {
          mock.fail({ status: 500, path: '/v1/subscribers/' });
        }
      });
      const s = store(client, { pageSize: 100 });
      await loadAll(s);
      const all = ids(s);

      const done = s.markAllAs('read');
      expect(
        s.$messages.get().every((m) => m.read),
        'all at once',
      ).to.equal(true);
      const result = await done;

      expect(marks).to.equal(3);
      expect(result).to.include({ ok: false, reason: 'failed' });
      const error = s.$actionError.get();
      expect(error).to.include({ action: 'markAllAs', markAs: 'read' });
      expect(error!.ids).to.deep.equal(all.slice(100, 200));
      expect(error!.error).to.be.instanceOf(NotifHttpError);
      expect(result.ok === false && result.reason === 'failed' && result.error).to.equal(error!.error);

      const unread = s.$messages
        .get()
        .filter((m) => !m.read)
        .map((m) => m._id);
      expect(unread, 'the failed batch shows unread again').to.deep.equal(all.slice(100, 200));
      expect(s.$counts.get()).to.include({ unread: 100 });
      expect(unmarkedOnServer(mock)).to.deep.equal(all.slice(100, 200));
    });

    it('stops the walk at the cap: 10 pages of 100', async () => {
      const mock = unreadService(1_200);
      const s = store(mockClient(mock));
      mount(s);
      await until(() => s.$loaded.get());
      const lists = listRequests(mock).length;

      expect(await s.markAllAs('read')).to.deep.equal({ ok: true });

      const walk = walkRequests(mock, lists);
      expect(walk).to.have.length(MARK_ALL_MAX_PAGES);
      expect(walk.map((r) => new URLSearchParams(r.query).get('page'))).to.deep.equal(
        Array.from({ length: MARK_ALL_MAX_PAGES }, (_, i) => String(i)),
      );
      const cap = MARK_ALL_MAX_PAGES * MARK_ALL_PAGE_SIZE;
      expect(unmarkedOnServer(mock), 'what lies past the cap').to.deep.equal(serverIds(mock).slice(cap));
      const sizes = markRequests(mock).map((r) => (r.body as { messageId: string[] }).messageId.length);
      expect(sizes.every((n) => n <= MARK_ALL_BATCH_SIZE)).to.equal(true);
      expect(sizes.reduce((a, b) => a + b, 0)).to.equal(cap);
      expect(ids(s)).to.have.length(20);
    });

    it('leaves alone a message that arrives during the walk, even once a refresh shows it', async () => {
      const mock = createMockService();
      let arrived = '';
      let refreshed: Promise<void> = Promise.resolve();
      const client = mockClient(mock, (url) => {
        if (!isWalk(url) || arrived) return;
        arrived = mock.addMessage(PRIYA)._id!;
        refreshed = s.refresh();
      });
      const s = store(client);
      mount(s);
      await until(() => s.$loaded.get());

      expect(await s.markAllAs('read')).to.deep.equal({ ok: true });
      await refreshed;

      expect(arrived).not.to.equal('');
      expect(unmarkedOnServer(mock), 'only the arrival').to.deep.equal([arrived]);
      expect(ids(s)[0]).to.equal(arrived);
      expect(byId(s, arrived).read).to.equal(false);
      expect(s.$counts.get()).to.include({ unread: 1 });
    });

    it('a count source that asks the service ends at 0 once the walk is done', async () => {
      const mock = createMockService();
      const { store: s } = withMock(
        {
          countSource: async () => {
            await settle(1);
            const unread = unmarkedOnServer(mock).length;
            return { unread, unseen: unmarkedOnServer(mock, 'seen').length, exact: true };
          },
        },
        mock,
      );
      mount(s);
      const unread = unmarkedOnServer(mock).length;
      await until(() => s.$loaded.get() && s.$counts.get().unread === unread, 'the service count');
      expect(unread, 'more than the loaded list holds').to.be.greaterThan(
        s.$messages.get().filter((m) => !m.read).length,
      );
      await s.markAllAs('read');
      await until(() => s.$counts.get().unread === 0, 'the count to reach 0');
      expect(s.$counts.get()).to.deep.equal({ unread: 0, unseen: 0, exact: true });
    });

    it('a failed list request of the walk is reported; the loaded messages stay marked', async () => {
      const { mock, store: s } = withMock();
      mount(s);
      await until(() => s.$loaded.get());
      mock.fail({ status: 503, path: /^\/v1\/messages\?.*limit=100/ });

      const result = await s.markAllAs('read');
      expect(result).to.include({ ok: false, reason: 'failed' });
      expect(s.$actionError.get()).to.include({ action: 'markAllAs', markAs: 'read' });
      expect(s.$actionError.get()!.ids).to.deep.equal([]);
      expect(s.$messages.get().every((m) => m.read)).to.equal(true);
      const loaded = new Set(ids(s));
      expect(unmarkedOnServer(mock).some((id) => loaded.has(id))).to.equal(false);
      expect(unmarkedOnServer(mock)).not.to.be.empty;
    });

    it('destroy() during the walk stops it quietly', async () => {
      const mock = createMockService();
      const client = mockClient(mock, (url) => {
        if (isWalk(url)) s.destroy();
      });
      const s = store(client);
      mount(s);
      await until(() => s.$loaded.get());

      expect(await s.markAllAs('read')).to.deep.equal({ ok: false, reason: 'destroyed' });
      expect(markRequests(mock), 'only the loaded batch').to.have.length(1);
      expect(s.$actionError.get()).to.equal(null);
    });

    it('tells the other tabs of every message it marked, loaded there or not', async () => {
      const mock = createMockService();
      const syncKey = uniqueKey();
      const a = store(mockClient(mock), { syncKey });
      const b = store(mockClient(mock), { syncKey });
      mount(a);
      await until(() => a.$loaded.get());
      await loadAll(b);
      expect(ids(b)).to.have.length(60);
      expect(b.$counts.get().unread).to.be.greaterThan(0);

      await a.markAllAs('read');
      await until(() => b.$counts.get().unread === 0, 'the other tab to see every change');
      expect(b.$messages.get().every((m) => m.read && m.seen)).to.equal(true);
      expect(ids(a)).to.have.length(20);
    });
  });

  describe('counts', () => {
    it('counts the loaded messages, exact once everything is loaded, and follows changes at once', async () => {
      const { held, store } = withHeld({ pageSize: 3 });
      await loadHeld(
        held,
        store,
        [message('a'), message('b', { seen: true }), message('c', { read: true, seen: true })],
        true,
      );
      expect(store.$counts.get()).to.deep.equal({ unseen: 1, unread: 2, exact: false });
      void store.markAs(['a'], 'read');
      expect(store.$counts.get()).to.deep.equal({ unseen: 0, unread: 1, exact: false });
      const more = store.loadMore();
      (await held.nextList(1)).reply(200, listBody([message('d')], false, 1, 3));
      await more;
      expect(store.$counts.get()).to.deep.equal({ unseen: 1, unread: 2, exact: true });
    });

    it('an empty inbox counts zero, exactly', async () => {
      const { held, store } = withHeld();
      await loadHeld(held, store, []);
      expect(store.$counts.get()).to.deep.equal({ unseen: 0, unread: 0, exact: true });
    });

    it('a count source replaces the default', async () => {
      const calls: { count: number; hasMore: boolean }[] = [];
      const { held, store } = withHeld({
        countSource: ({ messages, hasMore }) => {
          calls.push({ count: messages.length, hasMore });
          return { unseen: 40 + messages.length, unread: 99, exact: true };
        },
      });
      await loadHeld(held, store, [message('a'), message('b')], true);
      expect(store.$counts.get()).to.deep.equal({ unseen: 42, unread: 99, exact: true });
      expect(calls.at(-1)).to.deep.equal({ count: 2, hasMore: true });
    });

    it('an async count source: a late result never overwrites a newer one', async () => {
      const answers: ((counts: InboxCounts) => void)[] = [];
      const { held, store } = withHeld({
        countSource: () => new Promise<InboxCounts>((resolve) => answers.push(resolve)),
      });
      await loadHeld(held, store, [message('a')]);
      void store.markAs(['a'], 'read');
      expect(answers).to.have.length(2);

      answers[1]!({ unseen: 0, unread: 0, exact: true });
      await settle();
      expect(store.$counts.get()).to.deep.equal({ unseen: 0, unread: 0, exact: true });
      answers[0]!({ unseen: 1, unread: 1, exact: true });
      await settle();
      expect(store.$counts.get()).to.deep.equal({ unseen: 0, unread: 0, exact: true });
    });
  });

  describe('polling', () => {
    it('refreshes the first page every interval while mounted and tells of arrivals', async () => {
      fakeTime();
      const { mock, store } = withMock({ pollInterval: 30_000 });
      const log = newMessageLog(store);
      mount(store);
      await ready(store);
      expect(listRequests(mock)).to.have.length(1);
      expect(log, 'the first load is not news').to.deep.equal([]);

      const arrived = mock.addMessage(PRIYA)._id!;
      await advance(29_999);
      expect(listRequests(mock)).to.have.length(1);
      await advance(1);
      expect(listRequests(mock, 0)).to.have.length(2);
      expect(ids(store)[0]).to.equal(arrived);
      expect(log).to.deep.equal([[arrived]]);

      await advance(30_000);
      expect(listRequests(mock, 0)).to.have.length(3);
      expect(log, 'nothing new, nothing told').to.have.length(1);
    });

    it('does not poll with pollInterval 0', async () => {
      fakeTime();
      const { mock, store } = withMock({ pollInterval: 0 });
      mount(store);
      await until(() => store.$loaded.get());
      await advance(10 * 60_000);
      expect(listRequests(mock)).to.have.length(1);
    });

    it('pauses while the page is hidden and refreshes at once when it shows again', async () => {
      fakeTime();
      const { mock, store } = withMock({ pollInterval: 30_000 });
      mount(store);
      await ready(store);
      setVisibility('hidden');
      await advance(30_000);
      await advance(30_000);
      expect(listRequests(mock)).to.have.length(1);

      setVisibility('visible');
      await electionSettled(store);
      await advance(0);
      expect(listRequests(mock)).to.have.length(2);
      await advance(29_999);
      expect(listRequests(mock)).to.have.length(2);
      await advance(1);
      expect(listRequests(mock)).to.have.length(3);
    });

    it('backs off after failures, doubling up to five minutes, and recovers after a success', async () => {
      fakeTime();
      const { mock, store } = withMock({ pollInterval: 30_000 });
      mount(store);
      await ready(store);
      mock.fail({ status: 503, path: '/v1/messages', times: 4 });

      const expectPollAfter = async (ms: number) => {
        const count = listRequests(mock).length;
        await advance(ms - 1);
        expect(listRequests(mock).length, `no poll before ${ms} ms`).to.equal(count);
        await advance(1);
        expect(listRequests(mock).length, `a poll after ${ms} ms`).to.equal(count + 1);
      };
      await expectPollAfter(30_000); // fails
      await expectPollAfter(60_000); // fails
      await expectPollAfter(120_000); // fails
      await expectPollAfter(240_000); // fails
      await expectPollAfter(300_000); // capped; succeeds
      await expectPollAfter(30_000); // back to normal
      expect(store.$status.get(), 'background polls stay quiet').to.deep.equal({ state: 'idle' });
    });

    it('a failed first load is retried by the poller', async () => {
      fakeTime();
      const mock = createMockService();
      mock.fail({ status: 500, path: '/v1/messages' });
      const { store } = withMock({ pollInterval: 30_000 }, mock);
      mount(store);
      await until(() => store.$status.get().state === 'error');
      expect(store.$loaded.get()).to.equal(false);
      // The poll is armed once this tab is elected to poll: only then does moving the clock reach it.
      await electionSettled(store);
      await advance(60_000);
      await until(() => store.$loaded.get(), 'the poller to load the first page');
      expect(store.$status.get()).to.deep.equal({ state: 'idle' });
    });

    it('stops about a second after the last listener leaves', async () => {
      fakeTime();
      const { mock, store } = withMock({ pollInterval: 30_000 });
      const off = mount(store);
      await ready(store);
      off();
      await advance(1_000);
      await advance(30_000);
      await advance(30_000);
      expect(listRequests(mock)).to.have.length(1);
    });

    it('catches up quietly when mounted again', async () => {
      fakeTime();
      const { mock, store } = withMock({ pollInterval: 30_000 });
      const log = newMessageLog(store);
      const off = mount(store);
      await until(() => store.$loaded.get());
      off();
      await advance(1_000);
      const arrived = mock.addMessage(PRIYA)._id!;
      mount(store);
      await until(() => ids(store)[0] === arrived, 'the arrival');
      expect(store.$status.get()).to.deep.equal({ state: 'idle' });
      expect(log).to.deep.equal([[arrived]]);
    });

    it('destroy() stops at once and aborts requests in flight', async () => {
      fakeTime();
      // Polls and marks only: the stream's own abort is test/store/live.test.ts's.
      const { held, store } = withHeld({ pollInterval: 30_000, live: false });
      await loadHeld(held, store, [message('a')]);
      await electionSettled(store);
      await advance(30_000);
      const poll = await held.nextList(0);
      void store.markAs(['a'], 'read');
      const mark = await held.nextMark();

      store.destroy();
      expect(poll.signal?.aborted).to.equal(true);
      expect(mark.signal?.aborted).to.equal(true);
      await advance(60_000);
      expect(held.open()).to.have.length(0);
      expect(held.requests).to.have.length(3);
      expect(store.$actionError.get(), 'an abort is not a failure to show').to.equal(null);
    });
  });

  describe('tabs', () => {
    function twoTabs(options: Partial<InboxStoreOptions> = {}) {
      const mock = createMockService();
      const who: string[] = [];
      const syncKey = uniqueKey();
      const make = (name: string) =>
        track(
          createInboxStore(
            mockClient(mock, () => who.push(name)),
            {
              subscriberId: PRIYA,
              pollInterval: 30_000,
              syncKey,
              // These tests count polls; the stream (and its fallback) is test/store/live.test.ts's.
              live: false,
              ...options,
            },
          ),
        );
      return { mock, who, a: make('a'), b: make('b') };
    }

    async function mountBoth(a: InboxStore, b: InboxStore) {
      mount(a);
      mount(b);
      await ready(a, b);
    }

    it('share one poller; the other tab merges its results and tells its listeners', async () => {
      fakeTime();
      const { mock, who, a, b } = twoTabs();
      const logA = newMessageLog(a);
      const logB = newMessageLog(b);
      await mountBoth(a, b);
      expect(listRequests(mock)).to.have.length(2);

      const arrived = mock.addMessage(PRIYA)._id!;
      await advance(30_000);
      await advance(30_000);
      await advance(30_000);
      expect(listRequests(mock), 'one poll per interval').to.have.length(5);
      expect(new Set(who.slice(2)).size, 'always the same tab').to.equal(1);
      expect(ids(a)[0]).to.equal(arrived);
      expect(ids(b)[0]).to.equal(arrived);
      expect(logA).to.deep.equal([[arrived]]);
      expect(logB).to.deep.equal([[arrived]]);
    });

    it('see each other’s mark-as changes', async () => {
      fakeTime();
      const { a, b } = twoTabs();
      await mountBoth(a, b);
      const id = ids(a).find((i) => !byId(a, i).read)!;
      await a.markAs([id], 'read');
      await until(() => byId(b, id).read, 'the other tab to see it');
      expect(byId(b, id).seen).to.equal(true);
    });

    it('the other tab takes over polling when the poller goes away', async () => {
      fakeTime();
      const { mock, who, a, b } = twoTabs();
      await mountBoth(a, b);
      await advance(30_000);
      const poller = who.at(-1) === 'a' ? a : b;
      const other = poller === a ? b : a;
      poller.destroy();
      await electionSettled(other);
      const arrived = mock.addMessage(PRIYA)._id!;
      await advance(30_000);
      expect(who.at(-1)).to.equal(poller === a ? 'b' : 'a');
      expect(ids(other)[0]).to.equal(arrived);
    });

    it('every tab polls when sync is off', async () => {
      fakeTime();
      const { mock, who, a, b } = twoTabs({ syncKey: false });
      await mountBoth(a, b);
      await advance(30_000);
      expect(listRequests(mock)).to.have.length(4);
      expect(who.slice(2).sort()).to.deep.equal(['a', 'b']);
      const id = ids(a).find((i) => !byId(a, i).read)!;
      await a.markAs([id], 'read');
      await settle();
      expect(byId(b, id).read, 'no sync, no change').to.equal(false);
    });

    it('every tab polls without Web Locks', async () => {
      fakeTime();
      Object.defineProperty(navigator, 'locks', { configurable: true, value: undefined });
      const { mock, who, a, b } = twoTabs();
      await mountBoth(a, b);
      await advance(30_000);
      expect(listRequests(mock)).to.have.length(4);
      expect(who.slice(2).sort()).to.deep.equal(['a', 'b']);
    });

    it('another tab’s change does not override this tab’s pending one', async () => {
      const held = deferredFetch();
      const syncKey = uniqueKey();
      const make = () =>
        track(
          createInboxStore(
            createNotifClient({
              baseUrl: 'https://held.test',
              fetch: held.fetch,
              retry: false,
              timeoutMs: 0,
            }),
            {
              subscriberId: 'sub',
              pollInterval: 0,
              syncKey,
            },
          ),
        );
      const a = make();
      const b = make();
      await loadHeld(held, a, [message('m'), message('n')]);
      await loadHeld(held, b, [message('m'), message('n')]);

      const bDone = b.markAs(['m'], 'unseen');
      const bRequest = await held.nextMark();
      const aDone = a.markAs(['m', 'n'], 'read');
      const aRequest = await held.nextMark();
      aRequest.reply(
        201,
        markBody([message('m', { read: true, seen: true }), message('n', { read: true, seen: true })]),
      );
      await aDone;
      await until(() => byId(b, 'n').read, 'the other tab’s change');
      expect(byId(b, 'm'), 'its own pending change still shows').to.include({ read: false, seen: false });

      bRequest.reply(201, markBody([message('m', { read: false, seen: false })]));
      await bDone;
      await until(() => !byId(a, 'm').seen, 'the change to come back');
      expect(byId(b, 'm')).to.include({ read: false, seen: false });
    });
  });

  describe('isolation', () => {
    it('two inboxes on one page share nothing', async () => {
      const mock = createMockService();
      const priya = track(
        createInboxStore(mockClient(mock), { subscriberId: PRIYA, pollInterval: 0, syncKey: uniqueKey() }),
      );
      const maya = track(
        createInboxStore(mockClient(mock), { subscriberId: MAYA, pollInterval: 0, syncKey: uniqueKey() }),
      );
      const logMaya = newMessageLog(maya);
      mount(priya);
      mount(maya);
      await until(() => priya.$loaded.get() && maya.$loaded.get());
      expect(ids(priya)).to.deep.equal(serverIds(mock, PRIYA).slice(0, 20));
      expect(ids(maya)).to.deep.equal(serverIds(mock, MAYA).slice(0, 20));

      mock.addMessage(PRIYA);
      await priya.refresh();
      await priya.markAllAs('read');
      await settle();
      expect(logMaya).to.deep.equal([]);
      expect(ids(maya)).to.deep.equal(serverIds(mock, MAYA).slice(0, 20));
      expect(maya.$messages.get().some((m) => !m.read)).to.equal(true);

      priya.destroy();
      await maya.refresh();
      expect(maya.$status.get()).to.deep.equal({ state: 'idle' });
    });

    it('two stores of one subscriber with different sync keys stay apart', async () => {
      const mock = createMockService();
      const one = track(
        createInboxStore(mockClient(mock), { subscriberId: PRIYA, pollInterval: 0, syncKey: uniqueKey() }),
      );
      const two = track(
        createInboxStore(mockClient(mock), { subscriberId: PRIYA, pollInterval: 0, syncKey: uniqueKey() }),
      );
      mount(one);
      mount(two);
      await until(() => one.$loaded.get() && two.$loaded.get());
      const id = ids(one).find((i) => !byId(one, i).read)!;
      await one.markAs([id], 'read');
      await settle();
      expect(byId(two, id).read).to.equal(false);
    });
  });
});
