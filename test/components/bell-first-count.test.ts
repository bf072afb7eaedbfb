// Light at first paint (issue 24): a bell whose inbox store's code has not loaded reads the first page
// itself and shows its count; the store, loaded with the panel once the page is idle, takes that answer as
// its own first page. This file runs in a page where nothing has made an inbox store of a connection.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/components/bell/bell.js';
import type { NotifBell } from '../../src/components/bell/bell.component.js';
import { holdPageFetch, listBody, message } from '../helpers/deferred-fetch.js';
import { $, animationsDone } from '../helpers/inbox-setup.js';

const label = (bell: NotifBell) => $(bell, '[part="button"]')!.getAttribute('aria-label');
const rows = (bell: NotifBell) =>
  $(bell, 'notif-inbox')?.shadowRoot?.querySelectorAll('article[data-key]').length ?? 0;

describe('<notif-bell> before its store loads', () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
  });

  function heldService() {
    const service = holdPageFetch();
    restore = service.restore;
    return service;
  }

  it('shows the count from one request, and its inbox shows that same page', async () => {
    const service = heldService();
    const bell = await fixture<NotifBell>(
      html`<notif-bell base-url="https://held.test" subscriber-id="usr_first"></notif-bell>`,
    );
    const first = await service.nextList(0);
    expect(first.query.get('limit')).to.equal('20');
    expect(first.query.get('channel')).to.equal('in_app');
    // No store yet: nothing has loaded its code (no count, so no idle load; no intent).
    expect(bell.activeStore).to.equal(undefined);
    expect(label(bell)).to.equal('Notifications');

    const messages = [
      message('a'),
      message('b'),
      message('c', { seen: true, read: true }),
      message('d', { seen: true }),
    ];
    first.reply(200, listBody(messages, false));
    await waitUntil(() => label(bell) === 'Notifications, 2 unseen', 'the count shows');
    expect($(bell, '[part="badge"]')!.textContent).to.equal('2');

    // Once the page is idle the panel's code comes, with the store: it takes the answer already read.
    await waitUntil(() => bell.activeStore?.$loaded.get(), 'the store has its first page');
    expect(bell.activeStore!.$messages.get().map((m) => m._id)).to.deep.equal(['a', 'b', 'c', 'd']);
    expect(label(bell)).to.equal('Notifications, 2 unseen');

    bell.show();
    await bell.updateComplete;
    await waitUntil(() => rows(bell) === 4, 'the panel shows the four messages');
    const lists = service.requests.filter((r) => r.path === '/v1/messages');
    expect(lists, 'one list request for the count and the rows').to.have.length(1);
    // Opening marks the two unseen messages seen.
    const mark = await service.nextMark();
    expect([...(mark.body as { messageId: string[] }).messageId].sort()).to.deep.equal(['a', 'b']);
    await animationsDone(bell);
    await expect(bell).to.be.accessible();
  });

  it('a failed first read is not reused: the store asks again, and its answer gives the count', async () => {
    const service = heldService();
    const bell = await fixture<NotifBell>(
      html`<notif-bell base-url="https://held.test" subscriber-id="usr_failed_first"></notif-bell>`,
    );
    (await service.nextList(0)).reply(503, { message: 'unavailable' });
    // The failure still lets the panel's code load when the page is idle; the store asks again.
    const again = await service.nextList(0);
    expect(label(bell)).to.equal('Notifications');
    again.reply(200, listBody([message('e'), message('f', { seen: true })], false));
    await waitUntil(() => label(bell) === 'Notifications, 1 unseen', 'the count shows');
    expect(bell.activeStore?.$loaded.get()).to.equal(true);
    await expect(bell).to.be.accessible();
  });
});
