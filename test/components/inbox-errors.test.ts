import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/components/inbox/inbox.js';
import type { NotifInbox } from '../../src/components/inbox/inbox.component.js';
import { createNotifClient } from '../../src/client/index.js';
import { createInboxStore } from '../../src/store/inbox.js';
import { $ } from '../helpers/inbox-setup.js';
import { respondWith } from '../helpers/fake-fetch.js';

/** An inbox over a client whose `fetch` answers every request with `make()`. */
async function inboxAnswering(make: (call: number) => Response) {
  const { fetch, calls } = respondWith(make);
  const client = createNotifClient({ baseUrl: 'https://api.test', fetch, retry: false });
  const store = createInboxStore(client, { subscriberId: 'usr_1', pollInterval: 0, syncKey: false });
  const el = await fixture<NotifInbox>(html`<notif-inbox .store=${store}></notif-inbox>`);
  return { el, calls };
}

describe('<notif-inbox> errors', () => {
  it('says the service answered from an unexpected address when it redirects', async () => {
    const { el, calls } = await inboxAnswering(
      () => new Response(null, { status: 302, headers: { location: 'https://elsewhere.test/' } }),
    );
    await waitUntil(() => $(el, '[part="error"]'), 'the error state shows');
    expect($(el, '[part="error"] .state-hint')!.textContent).to.equal(
      'The notification service answered from an unexpected address.',
    );
    expect(calls).to.have.length(1);
    await expect(el).to.be.accessible();
  });
});
