import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { Message } from '../../src/client/types.js';
import '../../src/components/bell/bell.js';
import type { NotifBell } from '../../src/components/bell/bell.component.js';
import { createPreferencesStore } from '../../src/store/preferences.js';
import { arrivalsStore, restoreVisibility, setVisibility } from '../helpers/arrivals.js';
import { installFakeNotification, uninstallFakeNotification } from '../helpers/fake-notification.js';
import { $, animationsDone, setupInbox, SUBSCRIBER } from '../helpers/inbox-setup.js';
import { syntheticMessage } from '../helpers/messages.js';

const icon = () => document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
/** A 1×1 PNG, readable by a canvas (a data URL is same-origin). */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Holds the Web Lock of the notifying tab: the bell that notifies has it. */
async function leading(): Promise<void> {
  await waitUntil(async () => {
    const { held = [] } = await navigator.locks.query();
    return held.some((lock) => lock.name === 'notif-elements-desktop|s');
  }, 'the desktop lock is held');
}

describe('<notif-bell> attention: title, favicon, desktop notifications', () => {
  let title: string;
  beforeEach(() => {
    title = document.title;
    document.title = 'Inbox';
  });
  afterEach(() => {
    document.title = title;
    icon()?.remove();
    restoreVisibility();
    uninstallFakeNotification();
  });

  it('title-count: "(3) " before the title while something is unseen, the title restored after', async () => {
    const { store, $counts } = arrivalsStore();
    const el = await fixture<NotifBell>(html`<notif-bell .store=${store} title-count></notif-bell>`);
    $counts.set({ unseen: 3, unread: 3, exact: true });
    await waitUntil(() => document.title === '(3) Inbox', 'count in the title');
    $counts.set({ unseen: 0, unread: 3, exact: true });
    await waitUntil(() => document.title === 'Inbox', 'nothing unseen: the title alone');
    // A title the page sets meanwhile is its new own title.
    document.title = 'Reports';
    $counts.set({ unseen: 120, unread: 3, exact: true });
    await waitUntil(() => document.title === '(99+) Reports');
    el.remove();
    expect(document.title).to.equal('Reports');
    await expect(await fixture(html`<notif-bell .store=${store}></notif-bell>`)).to.be.accessible();
  });

  it('favicon-badge: a badge drawn over the page icon, the icon restored after', async () => {
    const link = Object.assign(document.createElement('link'), { rel: 'icon', href: PNG });
    document.head.append(link);
    const { store, $counts } = arrivalsStore();
    const el = await fixture<NotifBell>(html`<notif-bell .store=${store} favicon-badge></notif-bell>`);
    $counts.set({ unseen: 2, unread: 2, exact: true });
    await waitUntil(() => link.href.startsWith('data:image/png') && link.href !== PNG, 'badge drawn');
    $counts.set({ unseen: 0, unread: 2, exact: true });
    await waitUntil(() => link.getAttribute('href') === PNG, 'the page icon back');
    link.remove();
    // Without an icon of the page's, one is generated, and taken away with the bell.
    $counts.set({ unseen: 1, unread: 2, exact: true });
    await waitUntil(() => icon()?.href.startsWith('data:image/png'), 'a generated icon');
    el.remove();
    expect(icon()).to.equal(null);
  });

  it('desktop-notifications: permission asked only from the switch of the settings view', async () => {
    const Fake = installFakeNotification('default');
    const { store, client } = setupInbox();
    const preferences = createPreferencesStore(client, { subscriberId: SUBSCRIBER });
    const el = await fixture<NotifBell>(
      html`<notif-bell .store=${store} .preferencesStore=${preferences} desktop-notifications></notif-bell>`,
    );
    el.show();
    await waitUntil(() => $(el, '[part="settings"]'), 'the settings button', { timeout: 4000 });
    $(el, '[part="settings"]')!.click();
    const toggle = () => $(el, '[data-key="desktop"]');
    await waitUntil(toggle, 'the switch shows', { timeout: 4000 });
    expect(Fake.requests).to.equal(0);
    expect(toggle()!.textContent).to.contain('Desktop notifications');
    expect(toggle()!.getAttribute('aria-checked')).to.equal('false');
    toggle()!.click();
    await waitUntil(() => toggle()!.getAttribute('aria-checked') === 'true');
    expect(Fake.requests).to.equal(1);
    await animationsDone(el);
    await expect(el).to.be.accessible();
  });

  it('desktop-notifications: "Blocked in the browser" when denied', async () => {
    installFakeNotification('denied');
    const { store, client } = setupInbox();
    const preferences = createPreferencesStore(client, { subscriberId: SUBSCRIBER });
    const el = await fixture<NotifBell>(
      html`<notif-bell .store=${store} .preferencesStore=${preferences} desktop-notifications></notif-bell>`,
    );
    el.show();
    await waitUntil(() => $(el, '[part="settings"]'), 'the settings button', { timeout: 4000 });
    $(el, '[part="settings"]')!.click();
    await waitUntil(() => $(el, '[data-key="desktop"]'), 'the switch shows', { timeout: 4000 });
    const toggle = $(el, '[data-key="desktop"]')!;
    expect(toggle.getAttribute('aria-disabled')).to.equal('true');
    expect($(el, `#${toggle.getAttribute('aria-describedby')}`)!.textContent).to.equal(
      'Blocked in the browser',
    );
    await animationsDone(el);
    await expect(el).to.be.accessible();
  });

  it('desktop-notifications: one per arrival (grouped), from one tab, while hidden; a click opens it', async () => {
    const Fake = installFakeNotification('granted');
    const { store, arrive, marked } = arrivalsStore();
    const el = await fixture<NotifBell>(
      html`<notif-bell .store=${store} desktop-notifications></notif-bell>`,
    );
    // A second bell of the same subscriber (as another tab would be) waits for the lock: no duplicates.
    await fixture(html`<notif-bell .store=${store} desktop-notifications></notif-bell>`);
    await leading();
    // No URL to follow: the page stays.
    const message = { ...syntheticMessage(1), cta: { data: {} } } as Message;
    arrive(message);
    expect(Fake.shown, 'a visible page has the bell and its toasts').to.have.length(0);
    setVisibility('hidden');
    arrive(message);
    arrive(syntheticMessage(2), syntheticMessage(3));
    expect(Fake.shown.map((n) => n.title)).to.deep.equal(['Message 1', '2 new notifications']);
    setTimeout(() => Fake.shown[0]!.onclick!(new Event('click')));
    const click = await oneEvent(el, 'notif-message-click');
    expect(click.detail.message._id).to.equal('m1');
    expect(el.open).to.equal(true);
    expect(Fake.shown[0]!.closed).to.equal(true);
    expect(marked).to.deep.equal([{ ids: ['m1'], markAs: 'read' }]);
  });
});
