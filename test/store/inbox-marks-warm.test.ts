/**
 * The sending of marks (`src/store/inbox-marks.ts`) and the client's mark-as load once the first page shows
 * and the page is idle, before any mark: a person's first mark then goes to the service at once. This file
 * runs in a page of its own, so the modules are not loaded when it starts.
 */
import { expect } from '@open-wc/testing';
import { createNotifClient } from '../../src/client/index.js';
import { createInboxStore } from '../../src/store/index.js';
import { deferredFetch, listBody, message } from '../helpers/deferred-fetch.js';
import { until } from '../fixtures/store-in-state.js';

const loaded = (path: string) =>
  performance.getEntriesByType('resource').some((entry) => entry.name.includes(path));

describe('inbox store: the sending of marks loads when idle after the first page', () => {
  it('loads neither module before the first page shows, both once it has, without any mark', async () => {
    const held = deferredFetch();
    const client = createNotifClient({ baseUrl: 'https://held.test', fetch: held.fetch, retry: false });
    const store = createInboxStore(client, { subscriberId: 'sub', pollInterval: 0, syncKey: false });
    const off = store.$messages.listen(() => {});
    try {
      const request = await held.nextList(0);
      expect(loaded('/store/inbox-marks.'), 'marks before the first page').to.equal(false);
      request.reply(200, listBody([message('a')]));
      await until(() => store.$loaded.get(), 'the first page');
      await until(() => loaded('/store/inbox-marks.'), 'the sending of marks to load');
      await until(() => loaded('/client/client-operations.'), "the client's mark-as to load");
      expect(held.requests.filter((r) => r.path.endsWith('/mark-as'))).to.have.length(0);
    } finally {
      off();
      store.destroy();
    }
  });
});
