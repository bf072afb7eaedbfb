/**
 * The empty, error and loading states are the app's to replace: on the inbox through its slots, and through
 * the bell, which passes the same slots on to the inbox in its panel.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/components/bell/bell.js';
import '../../src/components/inbox/inbox.js';
import type { NotifBell } from '../../src/components/bell/bell.component.js';
import type { NotifInbox } from '../../src/components/inbox/inbox.component.js';
import { $, setupInbox, animationsDone } from '../helpers/inbox-setup.js';

function innerInbox(bell: NotifBell): NotifInbox {
  return $(bell, 'notif-inbox') as NotifInbox;
}

/** Waits for the panel's opening animation, so that colour checks see its final colours. */
async function settled(bell: NotifBell): Promise<void> {
  await Promise.all(
    $(bell, '[part="panel"]')!
      .getAnimations()
      .map((animation) => animation.finished),
  );
}

/** Whether `text`, slotted into the bell, shows in its panel: visible, inside the panel's box. */
function shownInPanel(bell: NotifBell, selector: string): boolean {
  const node = bell.querySelector<HTMLElement>(selector);
  if (!node || node.getBoundingClientRect().height === 0) return false;
  const panel = $(bell, '[part="panel"]')!.getBoundingClientRect();
  const box = node.getBoundingClientRect();
  return box.top >= panel.top && box.bottom <= panel.bottom;
}

describe('<notif-inbox> state slots', () => {
  it('replaces the error and loading states with slotted content', async () => {
    const { store, mock } = setupInbox();
    mock.setLatency(300);
    mock.fail({ status: 503, method: 'GET', path: '/v1/messages' });
    const el = await fixture<NotifInbox>(
      html`<notif-inbox .store=${store}
        ><p slot="loading" id="loading">Fetching your news…</p>
        <p slot="error" id="error">Our news desk is down.</p></notif-inbox
      >`,
    );
    await waitUntil(
      () => el.querySelector<HTMLElement>('#loading')!.offsetHeight > 0,
      'the loading slot shows',
    );
    expect($(el, '[part="skeleton"]')!.offsetHeight).to.equal(0);
    expect($(el, '[role="status"]')!.textContent).to.contain('Loading');
    await waitUntil(() => el.querySelector<HTMLElement>('#error')!.offsetHeight > 0, 'the error slot shows');
    expect(el.querySelector<HTMLElement>('#loading')!.offsetHeight).to.equal(0);
    await expect(el).to.be.accessible();
  });
});

describe('<notif-bell> state slots', () => {
  it('shows an empty slot given to the bell in its panel when the inbox is empty', async () => {
    const { store } = setupInbox({ store: { subscriberId: 'usr_empty' } });
    const bell = await fixture<NotifBell>(
      html`<notif-bell .store=${store}><p slot="empty" id="empty">Inbox zero. Enjoy.</p></notif-bell>`,
    );
    bell.show();
    await waitUntil(() => store.$loaded.get(), 'loaded');
    await waitUntil(() => shownInPanel(bell, '#empty'), 'the empty slot shows in the panel');
    expect($(innerInbox(bell), '[part="empty"]')!.offsetHeight).to.equal(0);
    await settled(bell);
    await animationsDone(bell);
    await expect(bell).to.be.accessible();
  });

  it('keeps the default empty state when the bell is given none', async () => {
    const { store } = setupInbox({ store: { subscriberId: 'usr_empty' } });
    const bell = await fixture<NotifBell>(html`<notif-bell .store=${store}></notif-bell>`);
    bell.show();
    await waitUntil(
      () => innerInbox(bell) && $(innerInbox(bell), '[part="empty"]')?.offsetHeight,
      'the default empty state shows',
    );
    // Added later, it takes the default's place.
    const custom = document.createElement('p');
    custom.slot = 'empty';
    custom.id = 'empty';
    custom.textContent = 'Nothing new';
    bell.append(custom);
    await waitUntil(() => shownInPanel(bell, '#empty'), 'the slotted empty state shows');
  });

  it('shows loading and error slots given to the bell in its panel', async () => {
    const { store, mock } = setupInbox();
    mock.setLatency(300);
    mock.fail({ status: 503, method: 'GET', path: '/v1/messages' });
    const bell = await fixture<NotifBell>(
      html`<notif-bell .store=${store}
        ><span slot="loading" id="loading">Fetching…</span
        ><span slot="error" id="error">Down for now.</span></notif-bell
      >`,
    );
    bell.show();
    await waitUntil(() => shownInPanel(bell, '#loading'), 'the loading slot shows in the panel');
    await waitUntil(() => shownInPanel(bell, '#error'), 'the error slot shows in the panel');
    expect(bell.querySelector<HTMLElement>('#loading')!.offsetHeight).to.equal(0);
    await settled(bell);
    await animationsDone(bell);
    await expect(bell).to.be.accessible();
  });
});
