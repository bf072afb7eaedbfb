/**
 * Benchmark scenarios, run in Chromium by scripts/bench.mjs. Each returns numbers; the script compares
 * them with the budgets. Built from src/ with the production build of Lit.
 */
import '../src/index.js';
import { createNotifClient } from '../src/client/index.js';
import type { NotifBell } from '../src/components/bell/bell.component.js';
import type { NotifInbox } from '../src/components/inbox/inbox.component.js';
import { createMockService } from '../src/mock/index.js';
import { createInboxStore } from '../src/store/inbox.js';
import { loadedStore } from '../test/helpers/messages.js';

const SUBSCRIBER = 'usr_priya_raman';
const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

function setup(options: Parameters<typeof createMockService>[0] = {}) {
  const mock = createMockService(options);
  const client = createNotifClient({
    baseUrl: 'https://mock.test',
    apiKey: mock.apiKey,
    fetch: mock.fetch,
    retry: false,
  });
  const store = createInboxStore(client, { subscriberId: SUBSCRIBER, pollInterval: 0, syncKey: false });
  return { mock, store };
}

/** Time from inserting <notif-inbox> to its rows painted (two frames after the update), in ms. */
async function renderTime(count: number): Promise<{ ms: number; rows: number }> {
  const store = loadedStore(setup().store, count);
  const host = document.createElement('div');
  host.style.width = '420px';
  document.body.append(host);
  const start = performance.now();
  const el = document.createElement('notif-inbox') as NotifInbox;
  el.store = store;
  host.append(el);
  await el.updateComplete;
  await frame();
  await frame();
  const ms = performance.now() - start;
  const rows = el.shadowRoot!.querySelectorAll('article').length;
  host.remove();
  return { ms, rows };
}

async function until(check: () => boolean, timeout = 5000): Promise<void> {
  const end = performance.now() + timeout;
  while (!check()) {
    if (performance.now() > end) throw new Error('bench: condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Requests a user's session makes: first load, opening the bell, mark one read, mark all read. The session's
 * inbox has 60 messages, 20 loaded: marking all costs a batch for the loaded ones, one page of the walk
 * through the rest (100 a page) and a batch for what it found. With everything loaded it is one request.
 */
async function requestCounts(): Promise<Record<string, number>> {
  const { mock, store } = setup();
  const count = () => mock.requests.length;
  const bell = document.createElement('notif-bell') as NotifBell;
  bell.store = store;
  document.body.append(bell);
  await until(() => store.$loaded.get());
  const firstLoad = count();
  bell.show();
  await until(() => store.$messages.get().every((m) => m.seen));
  await new Promise((resolve) => setTimeout(resolve, 50));
  const openBell = count() - firstLoad;
  const before = count();
  const unread = store.$messages.get().find((m) => !m.read)!;
  await store.markAs([unread._id!], 'read');
  const markOne = count() - before;
  const beforeAll = count();
  await store.markAllAs('read');
  const markAll = count() - beforeAll;
  bell.remove();

  // Everything loaded (15 messages, one page): one mark-as request, no list request.
  const small = setup({ messagesPerSubscriber: 15 });
  const off = small.store.$messages.listen(() => {});
  await until(() => small.store.$loaded.get());
  const beforeLoaded = small.mock.requests.length;
  await small.store.markAllAs('read');
  const markAllLoaded = small.mock.requests.length - beforeLoaded;
  off();
  small.store.destroy();

  // A bell and an inbox configured alike in different subtrees share one store: one list request.
  const shared = createMockService({ auth: false });
  const realFetch = window.fetch;
  window.fetch = (input, init) => shared.fetch(input, init);
  const page = document.createElement('div');
  const a = document.createElement('notif-bell');
  const b = document.createElement('notif-inbox');
  for (const el of [a, b]) {
    el.setAttribute('base-url', '/notif-api');
    el.setAttribute('subscriber-id', SUBSCRIBER);
  }
  page.append(a, b);
  document.body.append(page);
  await until(() => shared.requests.length > 0);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const sharedLoad = shared.requests.length;
  page.remove();
  window.fetch = realFetch;
  return { firstLoad, openBell, markOne, markAll, markAllLoaded, sharedLoad };
}

declare global {
  interface Window {
    notifBench: { renderTime: typeof renderTime; requestCounts: typeof requestCounts };
  }
}

window.notifBench = { renderTime, requestCounts };
