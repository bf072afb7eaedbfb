import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/components/inbox/inbox.js';
import type { NotifInbox } from '../../src/components/inbox/inbox.component.js';
import { $, setupInbox, untilMessages } from '../helpers/inbox-setup.js';

// The tabs' code is its own module, loaded once `tabs` is set (a file of its own: a fresh page).

const tabsModuleLoaded = () =>
  performance.getEntriesByType('resource').some((entry) => /\/inbox-tabs\.ts(\?|$)/.test(entry.name));

describe('<notif-inbox> tabs load on intent', () => {
  it('an inbox without tabs never loads the tabs; setting tabs loads them', async () => {
    const { store } = setupInbox();
    const el = await fixture<NotifInbox>(html`<notif-inbox .store=${store}></notif-inbox>`);
    await untilMessages(el);
    expect(tabsModuleLoaded(), 'not loaded without tabs').to.equal(false);
    expect($(el, '[role="tablist"]')).to.equal(null);

    el.tabs = [{ label: 'All' }, { label: 'Mentions', workflow: 'comment-mention' }];
    await waitUntil(() => $(el, '[role="tablist"]'), 'the tab list', { timeout: 4000 });
    expect(tabsModuleLoaded(), 'loaded once set').to.equal(true);
    await expect(el).to.be.accessible();
  });
});
