// The live edge of the BUILT proxy (dist/proxy.js) in Node 20: streams, counts, publish, the watcher, limits,
// and what an attacker tries. The built mock service is the upstream.
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { createMockService } from '../../dist/mock.js';
import { createMemoryBus, createNotifProxy } from '../../dist/proxy.js';
import { expectedCounts, nextIsFreshNews, sse, until } from './live-helpers.mjs';

const KEY = 'sk_live_7c1e9a44d02b4f7f9e3a';
const PRIYA = 'usr_priya_raman';
const MAYA = 'usr_maya_chen';
const APP = 'https://app.test/notif-api';

const cleanups = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()();
});

/** A proxy with the live edge over the mock. Sessions: `x-user: priya|maya`; `signedIn` switches them off. */
function setup(live = {}, extra = {}) {
  const mock = extra.mock ?? createMockService({ apiKey: KEY, latencyMs: 0 });
  const errors = [];
  const sessions = { priya: PRIYA, maya: MAYA };
  const state = { on: true };
  const proxy = createNotifProxy({
    baseUrl: 'https://service.test',
    apiKey: KEY,
    basePath: '/notif-api',
    fetch: mock.fetch,
    authenticate: (request) => (state.on ? (sessions[request.headers.get('x-user')] ?? null) : null),
    onError: (error, stage) => errors.push({ error, stage }),
    live: { watchIntervalMs: 0, ...live },
    ...extra.options,
  });
  const streams = [];
  cleanups.push(() => {
    for (const stream of streams) stream.cancel();
    proxy.close();
  });
  const open = async (user = 'priya', headers = {}, path = '/stream') => {
    const response = await proxy(new Request(`${APP}${path}`, { headers: { 'x-user': user, ...headers } }));
    if (response.status !== 200) return { response };
    const events = sse(response);
    streams.push(events);
    return { response, events };
  };
  return { mock, proxy, errors, state, open };
}

/**
 * A fetch over `mock` whose answers, while `on`, wait until the test lets each go (`answers[i]()`, in the
 * order the requests came): a slow service whose every step the test orders.
 */
function heldService(mock) {
  const held = {
    on: false,
    answers: [],
    fetch: async (input, init) => {
      const response = await mock.fetch(input, init);
      if (held.on) await new Promise((resolve) => held.answers.push(resolve));
      return response;
    },
  };
  return held;
}

/**
 * With node:test's mock timers on: moves the clock `times` intervals of `ms`, each time waiting until
 * `looks()` (the requests the proxy's timers made) has grown by one.
 */
async function intervals(t, ms, times, looks) {
  for (let look = looks() + 1, end = look + times; look < end; look++) {
    t.mock.timers.tick(ms);
    await until(() => looks() >= look);
  }
}

const listRequests = (mock, subscriberId) =>
  mock.requests.filter(
    (request) =>
      request.method === 'GET' && request.path === '/v1/messages' && request.query.includes(subscriberId),
  ).length;

describe('GET /stream', () => {
  test('answers an event stream: retry first, then one hello with the current counts', async () => {
    const { mock, proxy, open } = setup({ retryMs: 2500 });
    const { response, events } = await open();
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.deepEqual(await events.next(), { retry: '2500' });
    const hello = await events.next();
    assert.equal(hello.event, 'changed');
    assert.ok(Number.isSafeInteger(hello.id) && hello.id > 0);
    assert.deepEqual(hello.data, { counts: await expectedCounts(mock, PRIYA), reason: 'hello' });
    await nextIsFreshNews(events, { mock, proxy, subscriberId: PRIYA }); // one hello only
  });

  test('is 401 without a session, and 403 for other methods or paths when live is off', async () => {
    const { open } = setup();
    const { response } = await open('nobody');
    assert.equal(response.status, 401);
    const off = createNotifProxy({
      baseUrl: 'https://service.test',
      apiKey: KEY,
      basePath: '/notif-api',
      authenticate: () => PRIYA,
    });
    assert.equal((await off(new Request(`${APP}/stream`))).status, 403);
    assert.equal((await off(new Request(`${APP}/counts`))).status, 403);
  });

  test('sends a ping comment every heartbeatMs', async () => {
    const { open } = setup({ heartbeatMs: 40 });
    const { events } = await open();
    await events.nextEvent(); // hello
    const block = await events.next(1000);
    assert.deepEqual(block, { comment: 'ping' });
  });

  test('ends with event: end when the session is over (asked again every reauthMs)', async () => {
    const { state, open } = setup({ reauthMs: 50 });
    const { events } = await open();
    await events.nextEvent();
    state.on = false;
    const end = await events.nextEvent(1000);
    assert.equal(end.event, 'end');
    assert.deepEqual(end.data, { reason: 'signed-out' });
    assert.equal(await events.next(), null);
  });

  test('news that comes while the hello is being counted follows the hello', async () => {
    // The hello's count is held until the publish's is done: the publish's news is ready first.
    const mock = createMockService({ apiKey: KEY, latencyMs: 0 });
    const service = heldService(mock);
    const { proxy } = setup({}, { mock, options: { fetch: service.fetch } });
    service.on = true;
    const response = await proxy(new Request(`${APP}/stream`, { headers: { 'x-user': 'priya' } }));
    const events = sse(response);
    cleanups.push(() => events.cancel());
    await until(() => service.answers.length === 1); // the hello's count has read the service
    service.on = false;
    await proxy.publish(PRIYA);
    service.answers[0]();
    assert.equal((await events.nextEvent()).data.reason, 'hello');
    const next = await events.nextEvent();
    assert.equal(next.data.reason, 'publish');
    await nextIsFreshNews(events, { mock, proxy, subscriberId: PRIYA }); // that news once
  });

  test('Last-Event-ID: one catch-up event when events were missed, none otherwise', async () => {
    const { mock, proxy, open } = setup();
    const first = await open();
    const hello = await first.events.nextEvent();
    await first.events.cancel();
    await proxy.publish(PRIYA);

    const missed = await open('priya', { 'last-event-id': String(hello.id) });
    assert.equal((await missed.events.nextEvent()).data.reason, 'hello');
    const catchUp = await missed.events.nextEvent();
    assert.equal(catchUp.event, 'changed');
    assert.equal(catchUp.data.reason, 'publish');
    assert.ok(catchUp.id > hello.id);
    // A single catch-up event: the next is news told after it.
    const newest = await nextIsFreshNews(missed.events, { mock, proxy, subscriberId: PRIYA });

    const current = await open('priya', { 'last-event-id': String(newest.id) });
    assert.equal((await current.events.nextEvent()).data.reason, 'hello');
    await nextIsFreshNews(current.events, { mock, proxy, subscriberId: PRIYA }); // nothing missed, nothing more
  });
});

describe('reconnecting to another instance', () => {
  test('Last-Event-ID is answered from what the bus told this instance, in the same millisecond too', async (t) => {
    // One clock that stands still: the hello on a, the publish, and its arrival on b share a millisecond (as
    // they may when b's clock lags a's). b gives the news at least a's id, so it is after the hello's.
    t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    const bus = createMemoryBus();
    const mock = createMockService({ apiKey: KEY, latencyMs: 0 });
    const a = setup({ bus }, { mock });
    const b = setup({ bus }, { mock });
    const first = await a.open();
    const hello = await first.events.nextEvent();
    await first.events.cancel();
    // The bus hands the news to b before publish resolves.
    await a.proxy.publish(PRIYA);
    const again = await b.open('priya', { 'last-event-id': String(hello.id) });
    assert.equal((await again.events.nextEvent()).data.reason, 'hello');
    const catchUp = await again.events.nextEvent();
    assert.equal(catchUp.data.reason, 'publish');
    assert.ok(catchUp.id > hello.id);

    const fresh = await b.open('priya', { 'last-event-id': String(Date.now() + 1000) });
    assert.equal((await fresh.events.nextEvent()).data.reason, 'hello');
    await nextIsFreshNews(fresh.events, { mock, proxy: a.proxy, subscriberId: PRIYA }); // no catch-up
  });
});

describe('publish', () => {
  test("reaches every open stream of that subscriber at once, with fresh counts, and no one else's", async () => {
    const { mock, proxy, open } = setup();
    const tabs = [await open(), await open()];
    const maya = await open('maya');
    for (const tab of tabs) await tab.events.nextEvent();
    await maya.events.nextEvent();

    mock.addMessage(PRIYA);
    await proxy.publish(PRIYA);
    for (const tab of tabs) {
      const { first, counts } = await tab.events.withCounts();
      assert.equal(first.data.reason, 'publish');
      assert.deepEqual(counts, await expectedCounts(mock, PRIYA));
    }
    // Maya's stream heard nothing of Priya's news: her next event is her own.
    await nextIsFreshNews(maya.events, { mock, proxy, subscriberId: MAYA });
  });

  test('does not wait for a slow service: counts null at once, then the counts', async () => {
    const mock = createMockService({ apiKey: KEY, latencyMs: 0 });
    const service = heldService(mock);
    const { proxy, open } = setup({ publishWaitMs: 50 }, { mock, options: { fetch: service.fetch } });
    const { events } = await open();
    await events.nextEvent();
    service.on = true;
    await proxy.publish(PRIYA);
    // The service has not answered yet: the news is out without counts.
    const first = await events.nextEvent();
    assert.deepEqual(first.data, { counts: null, reason: 'publish' });
    assert.equal(service.answers.length, 1);
    service.on = false;
    service.answers[0]();
    const second = await events.nextEvent(2000);
    assert.equal(second.data.reason, 'publish');
    assert.deepEqual(second.data.counts, await expectedCounts(mock, PRIYA));
  });

  test('costs no service request when nobody listens, and is harmless without live', async () => {
    const { mock, proxy } = setup();
    const before = mock.requests.length;
    await proxy.publish(PRIYA);
    assert.equal(mock.requests.length, before);
    const off = createNotifProxy({ baseUrl: 'https://s.test', apiKey: KEY, authenticate: () => PRIYA });
    await off.publish(PRIYA);
    off.close();
  });

  test('reaches a stream held by another proxy sharing the bus', async () => {
    const bus = createMemoryBus();
    const mock = createMockService({ apiKey: KEY, latencyMs: 0 });
    const a = setup({ bus }, { mock });
    const b = setup({ bus }, { mock });
    const { events } = await b.open();
    await events.nextEvent();
    mock.addMessage(PRIYA);
    await a.proxy.publish(PRIYA);
    const { first, counts } = await events.withCounts();
    assert.equal(first.data.reason, 'publish');
    assert.deepEqual(counts, await expectedCounts(mock, PRIYA));
  });
});

describe('GET /counts', () => {
  test('counts unseen and unread on the server, cached', async () => {
    const { mock, proxy } = setup();
    const response = await proxy(new Request(`${APP}/counts`, { headers: { 'x-user': 'priya' } }));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.deepEqual(await response.json(), await expectedCounts(mock, PRIYA));
    const before = listRequests(mock, PRIYA);
    await proxy(new Request(`${APP}/counts`, { headers: { 'x-user': 'priya' } }));
    assert.equal(listRequests(mock, PRIYA), before, 'the second answer comes from the cache');
  });

  test('the cache holds the newest count when publishes overlap a slow service', async () => {
    // A service that reads its data at once and answers late: a count begun before a change misses it, and
    // here it answers last.
    const mock = createMockService({ apiKey: KEY, latencyMs: 0 });
    const service = heldService(mock);
    const { proxy, open } = setup({ publishWaitMs: 10 }, { mock, options: { fetch: service.fetch } });
    const { events } = await open();
    await events.nextEvent();
    service.on = true;
    mock.addMessage(PRIYA);
    await proxy.publish(PRIYA);
    await until(() => service.answers.length === 1); // the older count has read the service
    mock.addMessage(PRIYA);
    await proxy.publish(PRIYA);
    await until(() => service.answers.length === 2);
    service.on = false;
    service.answers[1](); // the newer count answers first,
    service.answers[0](); // the older one last
    // Each count, when done, tells the stream its counts: wait for both.
    for (let told = 0; told < 2;) if ((await events.nextEvent()).data.counts) told++;
    const counts = await proxy(new Request(`${APP}/counts`, { headers: { 'x-user': 'priya' } }));
    assert.deepEqual(await counts.json(), await expectedCounts(mock, PRIYA));
  });

  test("another instance's news makes this one's cached counts stale", async () => {
    const bus = createMemoryBus();
    const mock = createMockService({ apiKey: KEY, latencyMs: 0 });
    const a = setup({ bus }, { mock });
    const b = setup({ bus }, { mock });
    const ask = async () =>
      (await a.proxy(new Request(`${APP}/counts`, { headers: { 'x-user': 'priya' } }))).json();
    await ask(); // cached on a
    mock.addMessage(PRIYA);
    await b.proxy.publish(PRIYA); // nobody listens: a notice without counts (on a before publish resolves)
    assert.deepEqual(await ask(), await expectedCounts(mock, PRIYA));
  });

  test('stops at countCap with exact: false', async () => {
    const { proxy } = setup({ countCap: 30 });
    const response = await proxy(new Request(`${APP}/counts`, { headers: { 'x-user': 'priya' } }));
    const counts = await response.json();
    assert.equal(counts.exact, false);
    assert.ok(counts.unseen <= 30 && counts.unread <= 30);
  });

  test('a mark-as through the proxy recounts and tells the streams (reason mark)', async () => {
    const { mock, proxy, open } = setup();
    const { events } = await open();
    const hello = await events.nextEvent();
    const page = await (
      await proxy(new Request(`${APP}/v1/messages?limit=100`, { headers: { 'x-user': 'priya' } }))
    ).json();
    const unread = page.data.filter((message) => !message.read).map((message) => message._id);
    assert.ok(unread.length > 0);
    const marked = await proxy(
      new Request(`${APP}/v1/subscribers/${PRIYA}/messages/mark-as`, {
        method: 'POST',
        headers: { 'x-user': 'priya', 'content-type': 'application/json' },
        body: JSON.stringify({ messageId: unread.slice(0, 2), markAs: 'read' }),
      }),
    );
    assert.ok(marked.ok);
    const { first, counts: told } = await events.withCounts();
    assert.equal(first.data.reason, 'mark');
    assert.equal(told.unread, hello.data.counts.unread - 2);
    const counts = await (
      await proxy(new Request(`${APP}/counts`, { headers: { 'x-user': 'priya' } }))
    ).json();
    assert.deepEqual(counts, told);
    assert.deepEqual(counts, await expectedCounts(mock, PRIYA));
  });
});

describe('the watcher', () => {
  test('polls the first page once per subscriber however many tabs, and tells them of a change', async (t) => {
    t.mock.timers.enable({ apis: ['setInterval', 'Date'], now: Date.now() });
    const { mock, open } = setup({ watchIntervalMs: 100 });
    const tabs = [await open(), await open(), await open()];
    for (const tab of tabs) await tab.events.nextEvent();
    const before = listRequests(mock, PRIYA);
    await intervals(t, 100, 5, () => listRequests(mock, PRIYA) - before);
    assert.equal(listRequests(mock, PRIYA) - before, 5, 'one poll per interval for three tabs');

    mock.addMessage(PRIYA);
    t.mock.timers.tick(100);
    for (const tab of tabs) {
      const event = await tab.events.nextEvent(1000);
      assert.equal(event.data.reason, 'watch');
      assert.deepEqual(event.data.counts, await expectedCounts(mock, PRIYA));
    }
  });

  test('polls once per subscriber across proxies sharing a bus', async (t) => {
    t.mock.timers.enable({ apis: ['setInterval', 'Date'], now: Date.now() });
    const bus = createMemoryBus();
    const mock = createMockService({ apiKey: KEY, latencyMs: 0 });
    const a = setup({ bus, watchIntervalMs: 100 }, { mock });
    const b = setup({ bus, watchIntervalMs: 100 }, { mock });
    const one = await a.open();
    const two = await b.open();
    await one.events.nextEvent();
    await two.events.nextEvent();
    const before = listRequests(mock, PRIYA);
    await intervals(t, 100, 5, () => listRequests(mock, PRIYA) - before);
    assert.equal(listRequests(mock, PRIYA) - before, 5, 'one poll per interval for two instances');
    mock.addMessage(PRIYA);
    t.mock.timers.tick(100);
    assert.equal((await one.events.nextEvent(1000)).data.reason, 'watch');
    assert.equal((await two.events.nextEvent(1000)).data.reason, 'watch');
  });

  test('announces a message that arrives between the hello and its first look', async () => {
    // The gap: the hello counted (or took cached counts), then a message came before the watcher's first
    // poll; that poll had nothing to compare with, so the message was never announced.
    const { mock, open } = setup({ watchIntervalMs: 150 });
    const { events } = await open();
    const hello = await events.nextEvent();
    assert.equal(hello.data.reason, 'hello');
    mock.addMessage(PRIYA);
    const event = await events.nextEvent(1000);
    assert.equal(event.data.reason, 'watch');
    assert.deepEqual(event.data.counts, await expectedCounts(mock, PRIYA));
  });

  test('the same with counts cached before the stream opened (no page read at the hello)', async (t) => {
    t.mock.timers.enable({ apis: ['setInterval', 'Date'], now: Date.now() });
    const { mock, proxy, open } = setup({ watchIntervalMs: 150 });
    const counted = await proxy(new Request(`${APP}/counts`, { headers: { 'x-user': 'priya' } }));
    assert.equal(counted.status, 200);
    t.mock.timers.tick(200); // the counts were taken well before the stream's hello (no stream: no timer)
    const { events } = await open();
    assert.equal((await events.nextEvent()).data.reason, 'hello');
    mock.addMessage(PRIYA);
    t.mock.timers.tick(150);
    const event = await events.nextEvent(1000);
    assert.equal(event.data.reason, 'watch');
    assert.deepEqual(event.data.counts, await expectedCounts(mock, PRIYA));
  });

  test('a first look that finds nothing new announces nothing', async (t) => {
    t.mock.timers.enable({ apis: ['setInterval', 'Date'], now: Date.now() });
    const { mock, open } = setup({ watchIntervalMs: 100 });
    const { events } = await open();
    assert.equal((await events.nextEvent()).data.reason, 'hello');
    const before = listRequests(mock, PRIYA);
    await intervals(t, 100, 4, () => listRequests(mock, PRIYA) - before);
    // Then a change: the next event is the look that found it (an earlier announcement would come first,
    // with the older counts).
    mock.addMessage(PRIYA);
    t.mock.timers.tick(100);
    const event = await events.nextEvent();
    assert.equal(event.data.reason, 'watch');
    assert.deepEqual(event.data.counts, await expectedCounts(mock, PRIYA));
  });

  test('stops polling when the last stream closes', async (t) => {
    t.mock.timers.enable({ apis: ['setInterval', 'Date'], now: Date.now() });
    // Whatever the proxy's timers do for a subscriber starts with a bus call, made synchronously in the tick
    // (the watcher's lease, the heartbeat's presence): counted here.
    const memory = createMemoryBus();
    let calls = 0;
    const bus = Object.fromEntries(
      Object.entries(memory).map(([name, call]) => [name, (...args) => (calls++, call(...args))]),
    );
    const { mock, open } = setup({ watchIntervalMs: 50, heartbeatMs: 50, reauthMs: 50, bus });
    const { events } = await open();
    await events.nextEvent();
    const before = listRequests(mock, PRIYA);
    await intervals(t, 50, 1, () => listRequests(mock, PRIYA) - before); // it polls while the stream is open
    await events.cancel();
    const after = { calls, requests: listRequests(mock, PRIYA) };
    t.mock.timers.tick(500);
    assert.deepEqual(
      { calls, requests: listRequests(mock, PRIYA) },
      after,
      'nothing polled or asked of the bus',
    );
  });
});

describe('limits and faults', () => {
  test('past maxStreamsPerSubscriber and maxStreams: 429 in the service error shape with retry-after', async () => {
    const { open } = setup({ maxStreamsPerSubscriber: 2, maxStreams: 3 });
    await open();
    await open();
    const third = (await open()).response;
    assert.equal(third.status, 429);
    assert.ok(Number(third.headers.get('retry-after')) > 0);
    const body = await third.json();
    assert.equal(body.statusCode, 429);
    assert.equal(body.error, 'Too Many Requests');
    assert.equal((await open('maya')).response.status, 200);
    assert.equal((await open('maya')).response.status, 429, 'maxStreams counts every subscriber');
  });

  test('a slow reader: events are merged, memory stays bounded, the newest counts arrive', async () => {
    const { mock, proxy } = setup({ maxQueuedEvents: 4 });
    const response = await proxy(new Request(`${APP}/stream`, { headers: { 'x-user': 'priya' } }));
    cleanups.push(() => response.body.cancel().catch(() => undefined));
    // Nobody reads while 200 arrivals are published.
    for (let i = 0; i < 200; i++) {
      mock.addMessage(PRIYA);
      await proxy.publish(PRIYA);
    }
    const events = sse(response);
    const seen = [];
    for (;;) {
      const event = await events.nextEvent(200).catch(() => null);
      if (!event) break;
      seen.push(event);
    }
    assert.ok(seen.length <= 4 + 2, `at most the queue and one merged event, got ${seen.length}`);
    assert.deepEqual(seen.at(-1).data.counts, await expectedCounts(mock, PRIYA));
  });

  test('a reader stuck for two heartbeats is closed, and its slot freed', async (t) => {
    t.mock.timers.enable({ apis: ['setInterval', 'Date'], now: Date.now() });
    const { proxy, open } = setup({ heartbeatMs: 30, maxQueuedEvents: 1, maxStreamsPerSubscriber: 1 });
    const stuck = await proxy(new Request(`${APP}/stream`, { headers: { 'x-user': 'priya' } }));
    cleanups.push(() => stuck.body.cancel().catch(() => undefined));
    assert.equal((await open()).response.status, 429);
    for (let i = 0; i < 3; i++) await proxy.publish(PRIYA);
    // Two heartbeats and more since the reader fell behind.
    t.mock.timers.tick(30);
    t.mock.timers.tick(30);
    t.mock.timers.tick(30);
    assert.equal((await open()).response.status, 200);
  });

  test('a service that fails: the stream still opens (counts null), /counts is 502, onError is told', async () => {
    const { mock, proxy, open, errors } = setup();
    mock.fail({ path: '/v1/messages', status: 500, times: Infinity });
    const { events } = await open();
    assert.deepEqual((await events.nextEvent()).data, { counts: null, reason: 'hello' });
    const counts = await proxy(new Request(`${APP}/counts`, { headers: { 'x-user': 'priya' } }));
    assert.equal(counts.status, 502);
    assert.ok(errors.some((entry) => entry.stage === 'upstream'));
  });
});

describe('as an attacker', () => {
  test('the subscriber comes from authenticate alone: query, path and Last-Event-ID name no one else', async () => {
    const { mock, proxy, open } = setup();
    mock.addMessages(3, MAYA);
    const priyaCounts = await expectedCounts(mock, PRIYA);
    for (const path of [
      `/stream?subscriberId=${MAYA}`,
      `/stream?subscriber=${MAYA}&subscriberId[]=${MAYA}`,
    ]) {
      const { events } = await open('priya', { 'last-event-id': MAYA }, path);
      assert.deepEqual((await events.nextEvent()).data.counts, priyaCounts);
    }
    for (const path of [`/stream/${MAYA}`, `/${MAYA}/stream`, `/counts/${MAYA}`, '/streams']) {
      assert.equal((await open('priya', {}, path)).response.status, 403, path);
    }
    const counts = await proxy(
      new Request(`${APP}/counts?subscriberId=${MAYA}`, { headers: { 'x-user': 'priya' } }),
    );
    assert.deepEqual(await counts.json(), priyaCounts);
    const listed = mock.requests.filter((request) => request.path === '/v1/messages');
    assert.ok(listed.length > 0);
    for (const request of listed) {
      assert.equal(new URLSearchParams(request.query).getAll('subscriberId').join(), PRIYA);
    }
  });

  test("publishing Maya's news, or marking as Maya, tells Priya's streams nothing", async () => {
    const { mock, proxy, open } = setup();
    const { events } = await open();
    await events.nextEvent();
    await proxy.publish(MAYA);
    const forged = await proxy(
      new Request(`${APP}/v1/subscribers/${MAYA}/messages/mark-as`, {
        method: 'POST',
        headers: { 'x-user': 'priya', 'content-type': 'application/json' },
        body: JSON.stringify({ messageId: ['x'], markAs: 'read' }),
      }),
    );
    assert.equal(forged.status, 403);
    await nextIsFreshNews(events, { mock, proxy, subscriberId: PRIYA }); // Priya's next event is her own
  });

  test('the key never appears in a stream or a counts answer, even when the service echoes it', async (t) => {
    t.mock.timers.enable({ apis: ['setInterval'] });
    const { mock, proxy, open } = setup({ heartbeatMs: 30, publishWaitMs: 500 });
    mock.fail({
      path: '/v1/messages',
      status: 200,
      body: { data: [{ _id: KEY, read: false, seen: false, content: KEY }], hasMore: false, echo: KEY },
      times: Infinity,
    });
    const { events } = await open();
    await events.nextEvent();
    await proxy.publish(PRIYA);
    await events.nextEvent();
    // Two heartbeats' pings read too.
    t.mock.timers.tick(30);
    t.mock.timers.tick(30);
    assert.deepEqual(await events.next(), { comment: 'ping' });
    assert.deepEqual(await events.next(), { comment: 'ping' });
    const counts = await proxy(new Request(`${APP}/counts`, { headers: { 'x-user': 'priya' } }));
    const served = events.text + (await counts.text());
    assert.ok(!served.includes(KEY));
    assert.ok(!served.includes(KEY.slice(0, 16)));
  });
});
