/**
 * Benchmark scenarios, run in Chromium by scripts/bench.mjs. Each returns numbers; the script compares
 * them with the budgets. Built from src/ with the production build of Lit, split like an app's bundle (the
 * chunks an element loads lazily are fetched from the bench's server).
 */
import '../src/index.js';
import type { NotifBell } from '../src/components/bell/bell.component.js';
import type { NotifInbox } from '../src/components/inbox/inbox.component.js';
import { createMockService } from '../src/mock/index.js';
import type { InboxStore } from '../src/store/inbox.js';
import {
  inboxInState,
  inboxStore,
  syntheticMessage,
  until,
  type InboxFixtureOptions,
} from '../test/fixtures/store-in-state.js';

const SUBSCRIBER = 'usr_priya_raman';
/** How long a scenario waits for a state before it fails. */
const TIMEOUT = 5000;

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** `fetch`, counting the requests not answered yet. */
function tracked(fetch: Fetch): { fetch: Fetch; idle: () => boolean } {
  let pending = 0;
  return {
    fetch: (input, init) => {
      pending++;
      return fetch(input, init).finally(() => pending--);
    },
    idle: () => pending === 0,
  };
}

/** A real inbox store over a fresh mock (the shared fixture), and whether no request is in flight. */
function setup(options: InboxFixtureOptions = {}) {
  let network: ReturnType<typeof tracked> | undefined;
  const { mock, store } = inboxStore({
    ...options,
    wrapFetch: (fetch) => (network = tracked(fetch)).fetch,
  });
  return { mock, store, idle: network!.idle };
}

/** Resolves on the next animation frame. */
const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/**
 * Polls on animation frames until `check` returns something other than `undefined`, and resolves that;
 * fails after `timeout` ms, naming `what` it waited for.
 */
async function onFrames<T>(what: string, check: () => T | undefined, timeout = TIMEOUT): Promise<T> {
  const end = performance.now() + timeout;
  for (;;) {
    await frame();
    const value = check();
    if (value !== undefined) return value;
    if (performance.now() > end) throw new Error(`bench: ${what} not reached in ${timeout} ms`);
  }
}

/** No request in flight on two frames in a row: whatever the last answer set off has been sent too. */
async function quiet(idle: () => boolean): Promise<void> {
  let idleFrames = 0;
  await onFrames('no request in flight', () => {
    idleFrames = idle() ? idleFrames + 1 : 0;
    return idleFrames >= 2 ? true : undefined;
  });
}

/** The message rows an inbox renders. */
const rowsOf = (inbox: Element | null | undefined): number =>
  inbox?.shadowRoot?.querySelectorAll('article').length ?? 0;

/**
 * Waits until the inbox's long list has settled: virtualized (the list has class `virtual` and its rows
 * are positioned by the virtualizer, which is loaded lazily), with the same number of rows on two frames
 * in a row. Resolves that number and the time of the second frame: the rows were painted at the end of
 * the first.
 */
async function settledVirtualList(inbox: NotifInbox): Promise<{ rows: number; at: number }> {
  let previous = -1;
  return onFrames('a settled virtualized list', () => {
    const list = inbox.shadowRoot?.querySelector('.list');
    const positioned = list?.querySelector('article')?.style.position === 'absolute';
    const rows = list?.classList.contains('virtual') && positioned ? rowsOf(inbox) : -1;
    const settled = rows > 0 && rows === previous;
    previous = rows;
    return settled ? { rows, at: performance.now() } : undefined;
  });
}

/**
 * Time from inserting <notif-inbox> with `count` loaded messages (more than the inbox renders unvirtualized)
 * to its virtualized rows painted, in ms, and how many rows the DOM holds then.
 */
async function renderTime(count: number): Promise<{ ms: number; rows: number }> {
  const messages = Array.from({ length: count }, (_, i) => syntheticMessage(i));
  // Loaded before the clock starts (one mock answer with every message): only rendering is timed.
  const { store } = await inboxInState('loaded', { allMessages: messages });
  const host = document.createElement('div');
  host.style.width = '420px';
  document.body.append(host);
  const start = performance.now();
  const el = document.createElement('notif-inbox') as NotifInbox;
  el.store = store;
  host.append(el);
  try {
    const { rows, at } = await settledVirtualList(el);
    return { ms: at - start, rows };
  } finally {
    host.remove();
    store.destroy();
  }
}

/**
 * Requests a user's session makes: first load, opening the bell, mark one read, mark all read. The session's
 * inbox has 60 messages, 20 loaded: marking all costs a batch for the loaded ones, one page of the walk
 * through the rest (100 a page) and a batch for what it found. With everything loaded it is one request.
 */
async function requestCounts(): Promise<Record<string, number>> {
  const { mock, store, idle } = setup();
  const count = () => mock.requests.length;
  const bell = document.createElement('notif-bell') as NotifBell;
  bell.store = store;
  document.body.append(bell);
  await until(() => store.$loaded.get());
  await quiet(idle);
  const firstLoad = count();
  bell.show();
  await until(() => store.$messages.get().every((m) => m.seen));
  // The rows show seen at once; the mark goes out once its code (loaded on first use) is there.
  await until(() => count() > firstLoad);
  await quiet(idle);
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
  const network = tracked(shared.fetch);
  const realFetch = window.fetch;
  window.fetch = network.fetch;
  const page = document.createElement('div');
  const a = document.createElement('notif-bell');
  const b = document.createElement('notif-inbox');
  for (const el of [a, b]) {
    el.setAttribute('base-url', '/notif-api');
    el.setAttribute('subscriber-id', SUBSCRIBER);
  }
  page.append(a, b);
  document.body.append(page);
  await onFrames('the inbox rendering its messages', () => rowsOf(b) > 0 || undefined);
  await quiet(network.idle);
  const sharedLoad = shared.requests.length;
  page.remove();
  window.fetch = realFetch;
  return { firstLoad, openBell, markOne, markAll, markAllLoaded, sharedLoad };
}

let cycleStore: InboxStore | undefined;

/**
 * Mounts a <notif-bell> `cycles` times, opens its panel, waits until its inbox shows the loaded messages,
 * then removes it. Every cycle uses the same store (from the mock, as an app keeps one store for the page),
 * so a listener an element leaves on it keeps that element alive. Resolves once the last bell is removed.
 */
async function mountCycles(cycles: number): Promise<void> {
  const store = (cycleStore ??= setup().store);
  for (let i = 0; i < cycles; i++) {
    const bell = document.createElement('notif-bell') as NotifBell;
    bell.store = store;
    document.body.append(bell);
    bell.show();
    await onFrames('the open bell showing its loaded messages', () => {
      const rows = rowsOf(bell.shadowRoot?.querySelector('notif-inbox'));
      return (store.$loaded.get() && rows > 0 && rows === store.$messages.get().length) || undefined;
    });
    bell.remove();
  }
}

declare global {
  interface Window {
    notifBench: {
      renderTime: typeof renderTime;
      requestCounts: typeof requestCounts;
      mountCycles: typeof mountCycles;
    };
  }
}

window.notifBench = { renderTime, requestCounts, mountCycles };
