import { expect, waitUntil } from '@open-wc/testing';
import { createNotifClient } from '../../src/client/index.js';
import { createInboxStore } from '../../src/store/inbox.js';
import { largeService, manyMessages, MAX_BODY_BYTES } from '../helpers/large-service.js';

describe('inbox store with a large inbox', () => {
  it('marks 5,000 messages in requests the service accepts', async () => {
    const service = largeService(manyMessages(5000));
    const client = createNotifClient({ baseUrl: 'https://api.test', fetch: service.fetch, retry: false });
    const store = createInboxStore(client, { subscriberId: 'usr_1', pollInterval: 0, syncKey: false });
    const stop = store.$messages.listen(() => {});
    await waitUntil(() => store.$loaded.get(), 'the list loads');
    const ids = store.$messages.get().map((m) => m._id!);
    expect(ids).to.have.length(5000);

    const result = await store.markAs(ids, 'seen');
    expect(result).to.deep.equal({ ok: true });
    expect(store.$actionError.get()).to.equal(null);
    const marks = service.requests.filter((r) => r.method === 'POST');
    expect(marks.every((r) => r.bytes <= MAX_BODY_BYTES && r.ids!.length <= 100)).to.equal(true);
    expect(marks.flatMap((r) => r.ids)).to.have.members(ids);
    expect(store.$counts.get().unseen).to.equal(0);
    stop();
    store.destroy();
  });
});
