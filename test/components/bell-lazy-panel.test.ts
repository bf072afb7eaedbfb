// Light at first paint (issue 24): the bell's panel (the inbox, its rows, the settings view) is a module
// loaded with import(). These tests run in a page that imports the bell alone, so the first one meets the
// panel before anything loaded it.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/components/bell/bell.js';
import type { NotifBell } from '../../src/components/bell/bell.component.js';
import { $, setupInbox } from '../helpers/inbox-setup.js';

const rows = (bell: NotifBell) =>
  $(bell, 'notif-inbox')?.shadowRoot?.querySelectorAll('article[data-key]').length ?? 0;

describe('<notif-bell> loads its panel on intent', () => {
  it('an open bell waits for its panel in updateComplete, then shows the inbox', async () => {
    // Nothing of the panel is defined before a bell asks for it.
    expect(customElements.get('notif-inbox')).to.equal(undefined);
    const { store } = setupInbox();
    const bell = await fixture<NotifBell>(html`<notif-bell .store=${store} open></notif-bell>`);
    await bell.updateComplete;
    expect($(bell, '[part="panel"]')!.matches(':popover-open')).to.equal(true);
    expect($(bell, 'notif-inbox')).to.not.equal(null);
    expect(customElements.get('notif-inbox')).to.not.equal(undefined);
    await waitUntil(() => rows(bell) > 0, 'the rows show');
    await expect(bell).to.be.accessible();
  });

  it('once the count shows and the page is idle, a click opens the panel with its rows in one update', async () => {
    const { store } = setupInbox();
    const bell = await fixture<NotifBell>(html`<notif-bell .store=${store}></notif-bell>`);
    await waitUntil(() => store.$loaded.get(), 'loaded');
    const button = $(bell, '[part="button"]')!;
    expect(button.getAttribute('aria-label')).to.match(/\d/);
    // The idle load drew the inbox in the hidden panel: its rows are there before the click.
    await waitUntil(() => rows(bell) > 0, 'the rows are ready in the closed panel');
    expect($(bell, '[part="panel"]')!.matches(':popover-open')).to.equal(false);
    button.click();
    await bell.updateComplete;
    expect($(bell, '[part="panel"]')!.matches(':popover-open')).to.equal(true);
    expect(rows(bell)).to.be.above(0);
    await expect(bell).to.be.accessible();
  });

  it('closing removes the inbox from the panel, as before', async () => {
    const { store } = setupInbox();
    const bell = await fixture<NotifBell>(html`<notif-bell .store=${store} open></notif-bell>`);
    await bell.updateComplete;
    bell.hide();
    await bell.updateComplete;
    expect($(bell, 'notif-inbox')).to.equal(null);
    await expect(bell).to.be.accessible();
  });
});
