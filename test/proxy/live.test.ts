import { expect } from '@open-wc/testing';
import { createMockService } from '../../src/mock/index.js';
import { createMemoryBus, createNotifProxy, type NotifLiveOptions } from '../../src/proxy/index.js';

// The live edge in a fetch-style runtime (the browser's own Request, Response and ReadableStream); Node, HTTP
// and Redis are covered by test/node/proxy-live*.node.test.mjs and proxy-redis.node.test.mjs.

const KEY = 'sk_live_3a9f0c6e1b7d4e2f8a5c';
const PRIYA = 'usr_priya_raman';
const APP = 'https://app.test/notif-api';

interface Block {
  event?: string;
  id?: string;
  data?: string;
  retry?: string;
  comment?: string;
}

/** Reads blocks of an event stream; `next()` rejects after `ms` without one. */
function reader(response: Response) {
  const stream = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let text = '';
  const next = async (ms = 2000): Promise<Block | null> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const split = buffer.indexOf('\n\n');
      if (split !== -1) {
        const block: Block = {};
        for (const line of buffer.slice(0, split).split('\n')) {
          if (line.startsWith(':')) block.comment = line.slice(1).trim();
          else {
            const colon = line.indexOf(':');
            (block as Record<string, string>)[line.slice(0, colon)] = line.slice(colon + 2);
          }
        }
        buffer = buffer.slice(split + 2);
        return block;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no event in time');
      let timer: ReturnType<typeof setTimeout> | undefined;
      const read = await Promise.race([
        stream.read(),
        new Promise<never>((_, reject) => (timer = setTimeout(reject, left, new Error('no event in time')))),
      ]).finally(() => clearTimeout(timer));
      if (read.done) return null;
      const chunk = decoder.decode(read.value, { stream: true });
      text += chunk;
      buffer += chunk;
    }
  };
  const nextEvent = async (ms?: number) => {
    for (;;) {
      const block = await next(ms);
      if (!block || block.event) return block;
    }
  };
  return { next, nextEvent, text: () => text, cancel: () => stream.cancel().catch(() => undefined) };
}

function setup(live: NotifLiveOptions = {}, bus = createMemoryBus()) {
  const mock = createMockService({ apiKey: KEY });
  const proxy = createNotifProxy({
    baseUrl: 'https://service.test',
    apiKey: KEY,
    basePath: '/notif-api',
    fetch: mock.fetch,
    authenticate: () => PRIYA,
    live: { watchIntervalMs: 0, bus, ...live },
  });
  return { mock, proxy };
}

describe('proxy live edge (fetch-style runtime)', () => {
  const closers: (() => void)[] = [];
  afterEach(() => closers.splice(0).forEach((close) => close()));

  it('opens an event stream with retry, then one hello carrying the counts', async () => {
    const { proxy } = setup({ retryMs: 1500 });
    closers.push(() => proxy.close());
    const response = await proxy(new Request(`${APP}/stream`));
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).to.equal('no-store');
    const events = reader(response);
    closers.push(() => void events.cancel());
    expect(await events.next()).to.deep.equal({ retry: '1500' });
    const hello = (await events.nextEvent())!;
    expect(hello.event).to.equal('changed');
    expect(Number(hello.id)).to.be.greaterThan(0);
    const data = JSON.parse(hello.data!);
    expect(data.reason).to.equal('hello');
    expect(data.counts).to.have.keys(['unseen', 'unread', 'exact']);
    const counts = await (await proxy(new Request(`${APP}/counts`))).json();
    expect(counts).to.deep.equal(data.counts);
  });

  it('delivers publish to a stream of another proxy on the same bus, and never the key', async () => {
    const bus = createMemoryBus();
    const a = setup({}, bus);
    const b = setup({ heartbeatMs: 20 }, bus);
    closers.push(
      () => a.proxy.close(),
      () => b.proxy.close(),
    );
    const events = reader(await b.proxy(new Request(`${APP}/stream`)));
    closers.push(() => void events.cancel());
    await events.nextEvent();
    const started = performance.now();
    await a.proxy.publish(PRIYA);
    const event = (await events.nextEvent())!;
    expect(performance.now() - started).to.be.below(1000);
    expect(JSON.parse(event.data!).reason).to.equal('publish');
    await events.next(); // a ping or two
    expect(events.text()).not.to.include(KEY.slice(0, 16));
  });
});
