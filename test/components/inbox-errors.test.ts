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

describe('<notif-inbox> error reasons', () => {
  /** What each failure of the first load must say: only its own cause. */
  const cases: [string, () => Response, string][] = [
    ['401', () => Response.json({ message: 'Unauthorized' }, { status: 401 }), 'signed out'],
    ['403', () => Response.json({ message: 'Forbidden' }, { status: 403 }), 'signed out'],
    ['413', () => Response.json({ message: 'Too large' }, { status: 413 }), 'went wrong'],
    ['414', () => new Response('URI Too Long', { status: 414 }), 'went wrong'],
    ['500', () => Response.json({ message: 'Boom' }, { status: 500 }), 'having trouble'],
    ['an HTML 200', () => new Response('<html>Sign in</html>', { status: 200 }), 'went wrong'],
    ['a 307', () => new Response(null, { status: 307, headers: { location: '/x' } }), 'unexpected address'],
  ];
  for (const [name, answer, says] of cases) {
    it(`names only the cause of ${name}`, async () => {
      const { el } = await inboxAnswering(answer);
      await waitUntil(() => $(el, '[part="error"]'), 'the error state shows');
      expect($(el, '[part="error"] .state-hint')!.textContent).to.contain(says);
    });
  }
});
