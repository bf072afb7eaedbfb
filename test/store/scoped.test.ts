import { expect, waitUntil } from '@open-wc/testing';
import { createNotifClient } from '../../src/client/index.js';
import { createMockService, PRIYA } from '../../src/mock/index.js';
import { createInboxStore } from '../../src/store/inbox.js';

// A store scoped by `contextKeys` (a tab's): every list request carries the keys, and it never shares pages
// with a store of another scope.

const NORTHWIND = 'tenant:northwind';

function scoped(options: Partial<Parameters<typeof createInboxStore>[1]> = {}) {
  const mock = createMockService({ messagesPerSubscriber: 100 });
  const client = createNotifClient({
    baseUrl: 'https://mock.test',
    apiKey: mock.apiKey,
    fetch: mock.fetch,
    retry: false,
  });
  const store = createInboxStore(client, {
    subscriberId: PRIYA,
    pollInterval: 0,
    pageSize: 10,
    contextKeys: [NORTHWIND, NORTHWIND],
    ...options,
  });
  const lists = () =>
    mock.requests.filter((r) => r.path === '/v1/messages').map((r) => new URLSearchParams(r.query));
  return { mock, store, lists };
}

describe('inbox store scoped by contextKeys', () => {
  it('resolves its scope, syncs only with the same scope, and does not open the stream by default', () => {
    const { store } = scoped({ syncKey: 'app', pollInterval: 30_000 });
    expect(store.options.contextKeys).to.deep.equal([NORTHWIND]);
    expect(store.options.syncKey).to.equal(`app|${NORTHWIND}`);
    expect(store.options.live).to.equal(false);
    store.destroy();
    expect(() => scoped({ contextKeys: [''] })).to.throw(TypeError);
  });

  it("sends its keys on the first page, the next pages and a mark-all's walk", async () => {
    const { store, lists } = scoped();
    const off = store.$messages.listen(() => {});
    await waitUntil(() => store.$loaded.get(), 'loaded');
    await store.loadMore();
    expect(store.$hasMore.get(), 'more than two pages').to.equal(true);
    const result = await store.markAllAs('read');
    expect(result.ok).to.equal(true);
    const sent = lists();
    expect(sent.map((q) => q.get('limit'))).to.include.members(['10', '100']);
    for (const q of sent) expect(q.getAll('contextKeys')).to.deep.equal([NORTHWIND]);
    for (const m of store.$messages.get()) expect(m.contextKeys).to.include(NORTHWIND);
    off();
    store.destroy();
  });
});
