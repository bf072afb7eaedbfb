/**
 * A large but valid answer renders: 5,000 messages, some with 100 KB subjects, are a long list, not one
 * endless row, and opening the bell marks them seen in requests the service accepts.
 */
import { expect, fixture, html, nextFrame, waitUntil } from '@open-wc/testing';
import '../../src/components/bell/bell.js';
import '../../src/components/inbox/inbox.js';
import type { NotifBell } from '../../src/components/bell/bell.component.js';
import type { NotifInbox } from '../../src/components/inbox/inbox.component.js';
import { createNotifClient } from '../../src/client/index.js';
import { createInboxStore } from '../../src/store/inbox.js';
import { $, $$ } from '../helpers/inbox-setup.js';
import { largeService, manyMessages, MAX_BODY_BYTES } from '../helpers/large-service.js';

/** About 100 KB of words: a subject no one wrote for people, which a service sends all the same. */
const HUGE_SUBJECT = 'lorem ipsum '.repeat(8_500);

function storeOver(service: ReturnType<typeof largeService>) {
  const client = createNotifClient({ baseUrl: 'https://api.test', fetch: service.fetch, retry: false });
  return createInboxStore(client, { subscriberId: 'usr_1', pollInterval: 0, syncKey: false });
}

describe('<notif-inbox> with a large answer', () => {
  it('shows many rows when some subjects are 100 KB long', async () => {
    const service = largeService(manyMessages(200, (i) => (i % 4 === 0 ? HUGE_SUBJECT : undefined)));
    const store = storeOver(service);
    const wrapper = await fixture(
      html`<div style="block-size: 600px; display: flex; flex-direction: column">
        <notif-inbox style="flex: 1; min-block-size: 0" .store=${store}></notif-inbox>
      </div>`,
    );
    const el = wrapper.querySelector<NotifInbox>('notif-inbox')!;
    await waitUntil(() => $$(el, 'article').length > 0, 'rows render');
    // The list shows rows of a row's height: a huge subject is cut to a few lines, not the whole viewport.
    await waitUntil(() => $$(el, 'article').length >= 4, 'several rows render', { timeout: 3000 });
    const first = $$(el, 'article')[0]!;
    expect(first.getBoundingClientRect().height).to.be.below(200);
    expect($(el, '[part="error"]')).to.equal(null);
    store.destroy();
  });

  it('renders the 5.7 MB answer: 5,000 messages, 50 of them with 100 KB subjects', async () => {
    const service = largeService(manyMessages(5000, (i) => (i % 100 === 0 ? HUGE_SUBJECT : undefined)));
    const store = storeOver(service);
    const wrapper = await fixture(
      html`<div style="block-size: 600px; display: flex; flex-direction: column">
        <notif-inbox style="flex: 1; min-block-size: 0" .store=${store}></notif-inbox>
      </div>`,
    );
    const el = wrapper.querySelector<NotifInbox>('notif-inbox')!;
    await waitUntil(() => $$(el, 'article').length >= 4, 'several rows render', { timeout: 5000 });
    expect(store.$messages.get()).to.have.length(5000);
    expect($$(el, 'article').every((row) => row.getBoundingClientRect().height < 200)).to.equal(true);
    expect($(el, '[part="error"]')).to.equal(null);
    expect(service.requests).to.have.length(1);
    store.destroy();
  });

  it('opening the bell marks every shown message seen, without an error', async () => {
    const service = largeService(manyMessages(1500));
    // Every answer to a mark, once the store has it: the marks load their code on first use, so they go out
    // a moment after the screen shows them seen.
    let answered = 0;
    const fetch = async (url: string, init?: RequestInit) => {
      const response = await service.fetch(url, init);
      if (init?.method === 'POST') answered += 1;
      return response;
    };
    const store = storeOver({ ...service, fetch });
    const errors: unknown[] = [];
    store.$actionError.listen((error) => error && errors.push(error));
    const bell = await fixture<NotifBell>(html`<notif-bell .store=${store}></notif-bell>`);
    await waitUntil(() => store.$loaded.get(), 'the list loads');
    $(bell, 'button')!.click();
    await waitUntil(() => store.$counts.get().unseen === 0, 'every message is shown seen', {
      timeout: 4000,
    });
    await waitUntil(() => answered === 15, 'every mark is answered', { timeout: 4000 });
    await nextFrame();
    expect(errors).to.deep.equal([]);
    const marks = service.requests.filter((r) => r.method === 'POST');
    expect(marks).to.have.length(15);
    expect(marks.every((r) => r.bytes <= MAX_BODY_BYTES)).to.equal(true);
    expect(store.$actionError.get()).to.equal(null);
    const inbox = bell.shadowRoot!.querySelector('notif-inbox')!;
    expect($(inbox, '[part="action-error"]')).to.equal(null);
    await expect(bell).to.be.accessible();
    store.destroy();
  });
});
