import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import sinon from 'sinon';
import { createNotifClient, type NotifClient } from '../../src/client/index.js';
import {
  MAX_LINE,
  readEventStream,
  StreamLineTooLongError,
  type StreamEvent,
} from '../../src/client/stream.js';
import '../../src/components/bell/bell.js';
import '../../src/components/inbox/inbox.js';
import type { NotifBell } from '../../src/components/bell/bell.component.js';
import type { NotifInbox } from '../../src/components/inbox/inbox.component.js';
import { createMockService, PRIYA, type MockService } from '../../src/mock/index.js';
import { createNotifProxy, type NotifLiveOptions } from '../../src/proxy/index.js';
import {
  createInboxStore,
  SAFETY_POLL,
  type InboxStore,
  type InboxStoreOptions,
} from '../../src/store/inbox.js';
import { $ } from '../helpers/inbox-setup.js';

// The page side of the live edge: the inbox store reading a real proxy (`live`) over the mock, in Chromium.

const APP = 'https://app.test/notif-api';
let keys = 0;
const uniqueKey = () => `live-test-${Date.now()}-${keys++}`;

interface Setup {
  mock: MockService;
  proxy: ReturnType<typeof createNotifProxy>;
  client: NotifClient;
  /** Every request the client sent: method, path (after `/notif-api`) and headers. */
  sent: { method: string; path: string; headers: Headers }[];
  /** Signs the user out (the proxy's `authenticate` answers null). */
  signOut(): void;
  /** Errors the open streams' bodies, as a dropped connection does. */
  drop(): void;
  streams(): number;
}

function setup(
  o: {
    live?: NotifLiveOptions;
    mock?: Parameters<typeof createMockService>[0];
    stream?: (r: Request) => Response | null;
  } = {},
): Setup {
  const mock = createMockService(o.mock);
  let user: string | null = PRIYA;
  const proxy = createNotifProxy({
    baseUrl: 'http://mock.internal',
    apiKey: mock.apiKey,
    fetch: mock.fetch,
    authenticate: () => user,
    basePath: '/notif-api',
    live: { watchIntervalMs: 0, heartbeatMs: 1000, ...o.live },
  });
  const sent: Setup['sent'] = [];
  const open = new Set<AbortController>();
  const client = createNotifClient({
    baseUrl: APP,
    headers: { authorization: 'Bearer page-token' },
    retry: false,
    async fetch(input, init) {
      const request = new Request(input, init);
      sent.push({
        method: request.method,
        path: new URL(input).pathname.slice('/notif-api'.length),
        headers: request.headers,
      });
      const replaced = o.stream && request.url.endsWith('/stream') ? o.stream(request) : null;
      const response = replaced ?? (await proxy(request));
      if (!request.url.endsWith('/stream') || !response.body) return response;
      // A body the test can break, as a dropped connection.
      const pipe = new TransformStream<Uint8Array, Uint8Array>();
      const cut = new AbortController();
      open.add(cut);
      void response.body.pipeTo(pipe.writable, { signal: cut.signal }).catch(() => open.delete(cut));
      return new Response(pipe.readable, { status: response.status, headers: response.headers });
    },
  });
  return {
    mock,
    proxy,
    client,
    sent,
    signOut: () => (user = null),
    drop() {
      for (const cut of open) cut.abort(new Error('dropped'));
      open.clear();
    },
    streams: () => sent.filter((r) => r.path === '/stream').length,
  };
}

describe('inbox store: the live edge', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

  function store(s: Setup, options: Partial<InboxStoreOptions> = {}): InboxStore {
    const created = createInboxStore(s.client, {
      subscriberId: PRIYA,
      pollInterval: 30_000,
      syncKey: uniqueKey(),
      ...options,
    });
    const off = created.$messages.listen(() => {});
    cleanups.push(() => {
      off();
      created.destroy();
    });
    return created;
  }

  function close(s: Setup): Setup {
    cleanups.push(() => s.proxy.close());
    return s;
  }

  async function counts(s: Setup) {
    return (await (await s.proxy(new Request(`${APP}/counts`))).json()) as Record<string, unknown>;
  }

  it('opens one stream with the app headers, streams, and takes the exact counts', async () => {
    const s = close(setup());
    const inbox = store(s);
    expect(inbox.$live.get()).to.equal('connecting');
    await waitUntil(() => inbox.$live.get() === 'streaming', 'streaming', { timeout: 4000 });
    expect(s.streams()).to.equal(1);
    const stream = s.sent.find((r) => r.path === '/stream')!;
    expect(stream.headers.get('authorization')).to.equal('Bearer page-token');
    expect(stream.headers.get('accept')).to.equal('text/event-stream');
    await waitUntil(() => inbox.$counts.get().exact, 'exact counts', { timeout: 4000 });
    const server = await counts(s);
    expect(inbox.$counts.get()).to.deep.equal({ unseen: server.unseen, unread: server.unread, exact: true });
  });

  it('refetches the first page and shows the new exact count in the bell when the backend publishes', async () => {
    const s = close(setup());
    const inbox = store(s);
    const el = await fixture<NotifBell>(html`<notif-bell .store=${inbox}></notif-bell>`);
    await waitUntil(() => inbox.$live.get() === 'streaming' && inbox.$counts.get().exact, 'streaming', {
      timeout: 4000,
    });
    const before = inbox.$counts.get().unseen;
    const lists = () => s.sent.filter((r) => r.path === '/v1/messages').length;
    const listed = lists();
    const arrived = s.mock.addMessage(PRIYA, { subject: 'Deploy finished' });
    await s.proxy.publish(PRIYA);
    const name = `Notifications, ${before + 1} unseen`;
    await waitUntil(() => $(el, '[part="button"]')?.getAttribute('aria-label') === name, name, {
      timeout: 4000,
    });
    await waitUntil(() => inbox.$messages.get()[0]?._id === arrived._id, 'the arrival on top', {
      timeout: 4000,
    });
    expect(lists()).to.be.greaterThan(listed);
    expect(s.streams()).to.equal(1);
    await expect(el).to.be.accessible();
  });

  it('shows "99+" over an exact count past 99, named exactly, and the Unread view counts the unread ones', async () => {
    const s = close(setup());
    s.mock.addMessages(150, PRIYA);
    const inbox = store(s);
    const bell = await fixture<NotifBell>(html`<notif-bell .store=${inbox}></notif-bell>`);
    const view = await fixture<NotifInbox>(html`<notif-inbox .store=${inbox}></notif-inbox>`);
    await waitUntil(() => inbox.$counts.get().exact && inbox.$live.get() === 'streaming', 'exact', {
      timeout: 4000,
    });
    const server = await counts(s);
    expect(server.unseen).to.be.greaterThan(99);
    await bell.updateComplete;
    expect($(bell, '[part="badge"]')!.textContent).to.equal('99+');
    // The name holds the exact number, and the pill's text too (WCAG 2.5.3, label in name).
    expect($(bell, '[part="button"]')!.getAttribute('aria-label')).to.equal(
      `Notifications, 99+: ${server.unseen} unseen`,
    );
    await view.updateComplete;
    expect($(view, '[part="view-count"]')!.textContent!.trim()).to.equal(String(server.unread));
    await expect(bell).to.be.accessible();
    await expect(view).to.be.accessible();
  });

  it('applies a mark to the exact counts at once, and undoes it with a failed mark', async () => {
    const s = close(setup());
    const inbox = store(s);
    await waitUntil(() => inbox.$counts.get().exact && inbox.$loaded.get(), 'exact', { timeout: 4000 });
    const unread = inbox.$messages.get().find((m) => !m.read)!;
    const before = inbox.$counts.get().unread;
    s.mock.fail({ status: 500, method: 'POST', path: /mark-as/, times: 1 });
    const failing = inbox.markAs([unread._id!], 'read');
    expect(inbox.$counts.get().unread).to.equal(before - 1);
    expect((await failing).ok).to.equal(false);
    expect(inbox.$counts.get().unread).to.equal(before);
    const result = await inbox.markAs([unread._id!], 'read');
    expect(result.ok).to.equal(true);
    expect(inbox.$counts.get().unread).to.equal(before - 1);
    // The proxy's recount after the mark agrees.
    await waitUntil(async () => (await counts(s)).unread === before - 1, 'recounted', { timeout: 4000 });
    expect(inbox.$counts.get().unread).to.equal(before - 1);
  });

  it('runs one stream for two stores on one syncKey, and both hear a publish', async () => {
    const s = close(setup());
    const syncKey = uniqueKey();
    const a = store(s, { syncKey });
    const b = store(s, { syncKey });
    await waitUntil(() => a.$live.get() === 'streaming' && b.$live.get() === 'streaming', 'both streaming', {
      timeout: 4000,
    });
    expect(s.streams()).to.equal(1);
    await waitUntil(() => a.$counts.get().exact && b.$counts.get().exact, 'both exact', { timeout: 4000 });
    const before = a.$counts.get().unseen;
    const arrived = s.mock.addMessage(PRIYA);
    await s.proxy.publish(PRIYA);
    for (const inbox of [a, b]) {
      await waitUntil(() => inbox.$counts.get().unseen === before + 1, 'the new count', { timeout: 4000 });
      await waitUntil(() => inbox.$messages.get()[0]?._id === arrived._id, 'the arrival', { timeout: 4000 });
    }
    expect(s.streams()).to.equal(1);
  });

  it('falls back to polling where there is no stream (404), and never asks again', async () => {
    const mock = createMockService();
    const sent: string[] = [];
    const client = createNotifClient({
      baseUrl: 'https://mock.test',
      apiKey: mock.apiKey,
      retry: false,
      fetch: (input, init) => {
        sent.push(new URL(input).pathname);
        return mock.fetch(input, init);
      },
    });
    const s = { client } as Setup;
    const inbox = store(s);
    await waitUntil(() => inbox.$live.get() === 'polling', 'polling', { timeout: 4000 });
    await waitUntil(() => inbox.$loaded.get());
    expect(sent.filter((p) => p === '/stream')).to.have.length(1);
    expect(inbox.$counts.get().exact).to.equal(false); // lower bounds, as without a stream
    // Another mount of the same store does not ask again.
    const again = inbox.$counts.listen(() => {});
    again();
    await inbox.refresh();
    expect(sent.filter((p) => p === '/stream')).to.have.length(1);
  });

  it('falls back to polling on a proxy that answers the stream with something else than events', async () => {
    const s = close(
      setup({ stream: () => new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } }) }),
    );
    const inbox = store(s);
    await waitUntil(() => inbox.$live.get() === 'polling', 'polling', { timeout: 4000 });
  });

  it('stops streaming on event: end (signed out) and shows the 401', async () => {
    const s = close(setup({ live: { reauthMs: 50 } }));
    const inbox = store(s);
    await waitUntil(() => inbox.$live.get() === 'streaming', 'streaming', { timeout: 4000 });
    s.signOut();
    await waitUntil(() => inbox.$live.get() === 'off', 'off', { timeout: 4000 });
    await waitUntil(() => inbox.$status.get().state === 'error', 'the 401 shown', { timeout: 4000 });
    const status = inbox.$status.get();
    expect(status.state === 'error' && (status.error as { status?: number }).status).to.equal(401);
    expect(s.streams()).to.equal(1);
  });

  it('reconnects after a drop, after the server retry, with Last-Event-ID', async () => {
    const s = close(setup({ live: { retryMs: 40 } }));
    const inbox = store(s);
    const modes: string[] = [];
    cleanups.push(inbox.$live.listen((mode) => modes.push(mode)));
    await waitUntil(() => inbox.$live.get() === 'streaming', 'streaming', { timeout: 4000 });
    await waitUntil(() => inbox.$counts.get().exact, 'exact', { timeout: 4000 });
    s.drop();
    await waitUntil(() => s.streams() === 2 && inbox.$live.get() === 'streaming', 'streaming again', {
      timeout: 4000,
    });
    expect(modes).to.include('connecting');
    const [first, second] = s.sent.filter((r) => r.path === '/stream');
    expect(first!.headers.get('last-event-id')).to.equal(null);
    expect(Number(second!.headers.get('last-event-id'))).to.be.greaterThan(0);
  });

  it('backs off exponentially, with jitter, while the stream fails', async () => {
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: false });
    cleanups.push(() => clock.restore());
    let failures = 0;
    const s = close(
      setup({
        stream: () => (++failures <= 3 ? new Response('{"message":"busy"}', { status: 503 }) : null),
      }),
    );
    const inbox = store(s);
    const at: number[] = [];
    const until = async (n: number) => {
      for (let i = 0; i < 200 && s.streams() < n; i++) await clock.tickAsync(100);
      at.push(clock.now);
    };
    await until(1);
    await until(2);
    await until(3);
    await until(4);
    const gaps = at.slice(1).map((t, i) => t - at[i]!);
    // The default retry (3 s) doubled each time, at least half of it: 1.5-3 s, 3-6 s, 6-12 s.
    expect(gaps[0]).to.be.within(1500, 3100);
    expect(gaps[1]).to.be.within(3000, 6100);
    expect(gaps[2]).to.be.within(6000, 12100);
    clock.restore();
    await waitUntil(() => inbox.$live.get() === 'streaming', 'streaming at last', { timeout: 4000 });
  });

  it('cuts a hostile endless line at 64 KB, and recovers by reconnecting', async () => {
    const hostile = endless('retry: 40\n\ndata: ');
    let opened = 0;
    const s = close(setup({ stream: () => (++opened === 1 ? hostile.response() : null) }));
    const inbox = store(s);
    await waitUntil(() => s.streams() === 2 && inbox.$live.get() === 'streaming', 'streaming again', {
      timeout: 6000,
    });
    await waitUntil(() => hostile.cancelled, 'the hostile body cancelled', { timeout: 4000 });
    // Read no further than the cap and a few chunks in flight: memory stays bounded.
    expect(hostile.sent()).to.be.below(MAX_LINE + 16 * CHUNK);
    await waitUntil(() => inbox.$counts.get().exact, 'exact counts from the good stream', { timeout: 4000 });
  });

  it('slows polling to the safety poll while streaming', async () => {
    // The clock runs on its own (the waits below poll on it) until the test moves it at once.
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    cleanups.push(() => clock.restore());
    const s = close(setup());
    const inbox = store(s, { pollInterval: 200 });
    await waitUntil(() => inbox.$live.get() === 'streaming', 'streaming', { timeout: 4000 });
    const lists = () => s.sent.filter((r) => r.path === '/v1/messages').length;
    // Once the hello's refetch is done, five poll intervals pass at once: a poll left at 200 ms would ask
    // for the list again.
    await waitUntil(() => lists() >= 2, 'the hello refetch', { timeout: 4000 });
    const listed = lists();
    await clock.tickAsync(1000);
    expect(lists()).to.equal(listed);
    expect(inbox.$live.get()).to.equal('streaming');
    expect(SAFETY_POLL).to.equal(300_000);
  });
});

const CHUNK = 4096;

/** An event-stream body that starts with `head` and then sends "x" forever, without a line end. */
function endless(head: string) {
  const encoder = new TextEncoder();
  const state = { bytes: 0, cancelled: false };
  const x = encoder.encode('x'.repeat(CHUNK));
  const body = () =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(head));
      },
      pull(controller) {
        state.bytes += x.length;
        controller.enqueue(x);
      },
      cancel() {
        state.cancelled = true;
      },
    });
  return {
    body,
    response: () => new Response(body(), { headers: { 'content-type': 'text/event-stream' } }),
    sent: () => state.bytes,
    get cancelled() {
      return state.cancelled;
    },
  };
}

describe('readEventStream', () => {
  function body(chunks: string[]): ReadableStream<Uint8Array> {
    const encoder = new TextEncoder();
    return new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    });
  }

  it('parses fields across chunks and line endings, keeps the id, and drops an unfinished event', async () => {
    const events: StreamEvent[] = [];
    const retries: number[] = [];
    await readEventStream(
      body([
        '\ufeffretry: 1500\r\n\r\n: ping\n\nevent: chan',
        'ged\r\nid: 7\r',
        '\ndata: {"a":\ndata: 1}\n\n',
        'data: x\r\rdata: cut',
      ]),
      { event: (e) => events.push(e), retry: (ms) => retries.push(ms) },
    );
    expect(retries).to.deep.equal([1500]);
    expect(events).to.deep.equal([
      { type: 'changed', id: '7', data: '{"a":\n1}' },
      { type: 'message', id: '7', data: 'x' },
    ]);
  });

  it('fails on a line longer than 64 KB, having read no more than that, and cancels the body', async () => {
    const hostile = endless('event: changed\ndata: {"ok":1}\n\ndata: ');
    const events: StreamEvent[] = [];
    let failure: unknown;
    await readEventStream(hostile.body(), { event: (e) => events.push(e) }).catch((e) => (failure = e));
    expect(failure).to.be.instanceOf(StreamLineTooLongError);
    expect(events.map((e) => e.data)).to.deep.equal(['{"ok":1}']);
    expect(hostile.sent()).to.be.within(MAX_LINE - CHUNK, MAX_LINE + 2 * CHUNK);
    expect(hostile.cancelled).to.equal(true);
  });

  it('fails on an event whose data lines never end, and keeps lines just under the cap', async () => {
    const under = 'y'.repeat(MAX_LINE - 10);
    const events: StreamEvent[] = [];
    await readEventStream(body([`data: ${under}\n\n`]), { event: (e) => events.push(e) });
    expect(events[0]!.data).to.equal(under);
    let failure: unknown;
    const many = Array.from({ length: 40 }, () => `data: ${'z'.repeat(2000)}\n`);
    await readEventStream(body(many), { event: (e) => events.push(e) }).catch((e) => (failure = e));
    expect(failure).to.be.instanceOf(StreamLineTooLongError);
    expect(events).to.have.length(1);
  });
});
