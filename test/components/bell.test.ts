import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { atom } from 'nanostores';
import '../../src/components/bell/bell.js';
import type { NotifBell } from '../../src/components/bell/bell.component.js';
import type { InboxStore } from '../../src/store/inbox.js';
import { createPreferencesStore } from '../../src/store/preferences.js';
import { $, animationsDone, markAsRequests, setupInbox, SUBSCRIBER } from '../helpers/inbox-setup.js';

function panel(el: NotifBell): HTMLElement {
  return $(el, '[part="panel"]')!;
}

/** Waits for the panel's opening animation, so colour checks see its final colours. */
async function opened(el: NotifBell): Promise<void> {
  await waitUntil(() => isOpen(el));
  await Promise.all(
    panel(el)
      .getAnimations()
      .map((animation) => animation.finished),
  );
}

function isOpen(el: NotifBell): boolean {
  return panel(el).matches(':popover-open');
}

function innerInbox(el: NotifBell): HTMLElement & { shadowRoot: ShadowRoot } {
  return $(el, 'notif-inbox') as HTMLElement & { shadowRoot: ShadowRoot };
}

describe('<notif-bell>', () => {
  afterEach(async () => {
    await setViewport({ width: 800, height: 600 });
  });

  it('names itself with the unseen count and shows a badge', async () => {
    const { store } = setupInbox();
    const el = await fixture<NotifBell>(html`<notif-bell .store=${store}></notif-bell>`);
    await waitUntil(() => store.$loaded.get());
    await el.updateComplete;
    const { unseen, exact } = store.$counts.get();
    expect(unseen).to.be.greaterThan(0);
    // More pages exist: the loaded count is a lower bound, and the badge and the name say so.
    expect(exact).to.equal(false);
    const button = $(el, '[part="button"]')!;
    expect(button.getAttribute('aria-label')).to.equal(`Notifications, ${unseen}+ unseen`);
    expect($(el, '[part="badge"]')!.textContent).to.equal(`${unseen}+`);
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    await expect(el).to.be.accessible();
  });

  it('says only "Notifications" with no badge when nothing is unseen, and 99+ beyond 99', async () => {
    const base = setupInbox().store;
    const counts = atom({ unseen: 0, unread: 0, exact: true });
    const store = { ...base, $counts: counts } as InboxStore;
    const el = await fixture<NotifBell>(html`<notif-bell .store=${store}></notif-bell>`);
    expect($(el, '[part="button"]')!.getAttribute('aria-label')).to.equal('Notifications');
    expect($(el, '[part="badge"]')).to.equal(null);
    counts.set({ unseen: 250, unread: 250, exact: false });
    await el.updateComplete;
    expect($(el, '[part="badge"]')!.textContent).to.equal('99+');
    // The name contains the badge's visible text (WCAG 2.5.3, label in name).
    expect($(el, '[part="button"]')!.getAttribute('aria-label')).to.equal('Notifications, 99+ unseen');
    await expect(el).to.be.accessible();
    // Once every page is loaded the count is exact: no "+".
    counts.set({ unseen: 7, unread: 7, exact: true });
    await el.updateComplete;
    expect($(el, '[part="badge"]')!.textContent).to.equal('7');
    expect($(el, '[part="button"]')!.getAttribute('aria-label')).to.equal('Notifications, 7 unseen');
  });

  it('opens the inbox in a popover and marks the shown messages seen', async () => {
    const { store, mock } = setupInbox();
    const el = await fixture<NotifBell>(html`<notif-bell .store=${store}></notif-bell>`);
    await waitUntil(() => store.$loaded.get());
    const unseenIds = store.$messages
      .get()
      .filter((m) => !m.seen)
      .map((m) => m._id);
    setTimeout(() => $(el, '[part="button"]')!.click());
    const event = await oneEvent(el, 'notif-open-change');
    expect(event.detail.open).to.equal(true);
    await opened(el);
    expect($(el, '[part="button"]')!.getAttribute('aria-expanded')).to.equal('true');
    await waitUntil(() => innerInbox(el)?.shadowRoot?.querySelector('article'));
    await waitUntil(() => markAsRequests(mock).length === 1);
    const body = markAsRequests(mock)[0] as { messageId: string[]; markAs: string };
    expect(body.markAs).to.equal('seen');
    expect([...body.messageId].sort()).to.deep.equal([...unseenIds].sort());
    await el.updateComplete;
    expect($(el, '[part="badge"]')).to.equal(null);
    await animationsDone(el);
    await expect(el).to.be.accessible();
  });

  it('fires notif-error when marking the shown messages seen fails, and keeps them unseen', async () => {
    const { store, mock } = setupInbox();
    const el = await fixture<NotifBell>(html`<notif-bell .store=${store}></notif-bell>`);
    await waitUntil(() => store.$loaded.get());
    const unseen = store.$counts.get().unseen;
    expect(unseen, 'the seed has unseen messages').to.be.greaterThan(0);
    mock.fail({ status: 500, method: 'POST', path: `/v1/subscribers/${SUBSCRIBER}/messages/mark-as` });
    const failed = oneEvent(el, 'notif-error');
    el.show();
    const event = await failed;
    expect(event.detail.operation).to.equal('markAs');
    expect(store.$counts.get().unseen, 'the badge count is back').to.equal(unseen);
    await el.updateComplete;
    expect($(el, '[part="badge"]'), 'the badge shows again').to.exist;
    // The failure can arrive while the panel still fades in (the mark's request waits for its chunk on a
    // cold page): the contrast check is of the final colours.
    await animationsDone(el);
    await expect(el).to.be.accessible();
  });

  it('does not mark seen on open when markSeenOnOpen is false', async () => {
    const { store, mock } = setupInbox({ store: { markSeenOnOpen: false } });
    const el = await fixture<NotifBell>(html`<notif-bell .store=${store}></notif-bell>`);
    await waitUntil(() => store.$loaded.get());
    el.show();
    await waitUntil(() => innerInbox(el)?.shadowRoot?.querySelector('article'));
    await el.updateComplete;
    const unseen = store.$messages.get().filter((m) => !m.seen);
    expect(unseen.length, 'the seed has unseen messages').to.be.greaterThan(0);
    // A change made now reaches the service after anything the opening would have sent.
    await store.markAs([unseen[0]!._id!], 'read');
    expect(markAsRequests(mock)).to.deep.equal([{ messageId: [unseen[0]!._id], markAs: 'read' }]);
    expect(
      markAsRequests(mock).filter((body) => (body as { markAs: string }).markAs === 'seen'),
    ).to.have.length(0);
    const stillUnseen = store.$messages.get().filter((m) => !m.seen && m._id !== unseen[0]!._id);
    expect(stillUnseen).to.have.length(unseen.length - 1);
  });

  it('closes on Escape and gives focus back to the bell', async () => {
    const { store } = setupInbox();
    const el = await fixture<NotifBell>(html`<notif-bell .store=${store}></notif-bell>`);
    const button = $(el, '[part="button"]')!;
    button.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => isOpen(el));
    await waitUntil(() => innerInbox(el)?.shadowRoot?.querySelector('article'));
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !isOpen(el));
    expect(el.open).to.equal(false);
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement).to.equal(button);
  });

  it('closes on a click outside', async () => {
    const { store } = setupInbox();
    const el = await fixture<NotifBell>(
      html`<div style="padding: 300px 20px 20px"><notif-bell .store=${store}></notif-bell></div>`,
    );
    const bell = el.querySelector('notif-bell')!;
    bell.show();
    await waitUntil(() => isOpen(bell));
    await sendMouse({ type: 'click', position: [5, 5] });
    await waitUntil(() => !isOpen(bell));
    expect(bell.open).to.equal(false);
  });

  it('is a full-screen sheet on a phone, with a close button, and the page behind does not scroll', async () => {
    await setViewport({ width: 390, height: 844 });
    const { store } = setupInbox();
    const wrapper = await fixture(
      html`<div style="display:flex; justify-content:flex-end; block-size: 3000px">
        <notif-bell .store=${store}></notif-bell>
      </div>`,
    );
    const bell = wrapper.querySelector('notif-bell')!;
    bell.show();
    await opened(bell);
    await waitUntil(() => innerInbox(bell)?.shadowRoot?.querySelector('article'));
    const rect = panel(bell).getBoundingClientRect();
    expect(rect.width / 390, 'width').to.be.at.least(0.95);
    expect(rect.height / 844, 'height').to.be.at.least(0.85);
    expect(rect.left).to.be.at.least(0);
    expect(rect.bottom).to.be.at.most(844);
    const close = $(bell, '[part="close"]')!;
    expect(close.getBoundingClientRect().width, 'the close button shows').to.be.greaterThan(0);
    expect(close.title).to.equal('Close notifications');
    expect(getComputedStyle(document.documentElement).overflow, 'page scroll locked').to.equal('hidden');
    await animationsDone(bell);
    await expect(bell).to.be.accessible();
    close.click();
    await waitUntil(() => !isOpen(bell));
    expect(getComputedStyle(document.documentElement).overflow, 'page scroll back').to.equal('visible');
  });

  it('shows at least 4 messages without scrolling at 1280×800, inside the viewport', async () => {
    await setViewport({ width: 1280, height: 800 });
    const { store } = setupInbox();
    const wrapper = await fixture(
      html`<header style="display:flex; justify-content:flex-end; padding: 8px 16px">
        <notif-bell .store=${store}></notif-bell>
      </header>`,
    );
    const bell = wrapper.querySelector('notif-bell')!;
    bell.show();
    await opened(bell);
    await waitUntil(() => innerInbox(bell)?.shadowRoot?.querySelectorAll('article').length);
    const list = innerInbox(bell).shadowRoot.querySelector('[part="list"]')!.getBoundingClientRect();
    const rows = [...innerInbox(bell).shadowRoot.querySelectorAll('article')].map((row) =>
      row.getBoundingClientRect(),
    );
    const whole = rows.filter((row) => row.top >= list.top - 0.5 && row.bottom <= list.bottom + 0.5);
    expect(whole.length, 'messages fully visible').to.be.at.least(4);
    const rect = panel(bell).getBoundingClientRect();
    expect(rect.right).to.be.at.most(1280);
    expect(rect.bottom).to.be.at.most(800);
  });

  it("puts the badge on the icon's top end corner, covering at most a third of the glyph", async () => {
    const base = setupInbox().store;
    const counts = atom({ unseen: 3, unread: 3, exact: true });
    const store = { ...base, $counts: counts } as InboxStore;
    const el = await fixture<NotifBell>(html`<notif-bell .store=${store}></notif-bell>`);
    const covered = () => {
      const glyph = $(el, '[part="icon"]')!.getBoundingClientRect();
      const badge = $(el, '[part="badge"]')!.getBoundingClientRect();
      const width = Math.max(0, Math.min(glyph.right, badge.right) - Math.max(glyph.left, badge.left));
      const height = Math.max(0, Math.min(glyph.bottom, badge.bottom) - Math.max(glyph.top, badge.top));
      return { share: (width * height) / (glyph.width * glyph.height), glyph, badge };
    };
    for (const next of [
      { unseen: 3, exact: true, text: '3' },
      { unseen: 20, exact: false, text: '20+' },
      { unseen: 500, exact: false, text: '99+' },
    ]) {
      counts.set({ unseen: next.unseen, unread: next.unseen, exact: next.exact });
      await el.updateComplete;
      expect($(el, '[part="badge"]')!.textContent).to.equal(next.text);
      const { share, glyph, badge } = covered();
      expect(share, `${next.text} covers`).to.be.at.most(1 / 3);
      expect(badge.top, 'at the top').to.be.below(glyph.top + glyph.height / 3);
      expect(badge.left + badge.width / 2, 'at the end').to.be.above(glyph.left + glyph.width / 2);
    }
    // A pill, not a squeezed circle, for "99+".
    const pill = $(el, '[part="badge"]')!.getBoundingClientRect();
    expect(pill.width).to.be.above(pill.height);
    await expect(el).to.be.accessible();
  });

  it('keeps the focus in the panel after "Mark all as read" by keyboard', async () => {
    const { store } = setupInbox();
    const el = await fixture<NotifBell>(html`<notif-bell .store=${store}></notif-bell>`);
    el.show();
    await opened(el);
    await waitUntil(() => innerInbox(el)?.shadowRoot?.querySelector('article'));
    const markAll = innerInbox(el).shadowRoot.querySelector<HTMLButtonElement>('[part="mark-all"]')!;
    await waitUntil(() => !markAll.disabled);
    markAll.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => markAll.disabled, 'nothing is unread');
    await el.updateComplete;
    expect(isOpen(el)).to.equal(true);
    const active = innerInbox(el).shadowRoot.activeElement;
    expect(active, 'the focus is on a message inside the panel').to.exist;
    expect(active!.matches('article, #title')).to.equal(true);
    expect(document.activeElement).to.equal(el);
  });

  it('closes when Tab leaves the panel, leaving the focus where the user moved it', async () => {
    const { store } = setupInbox();
    const wrapper = await fixture(
      html`<div>
        <notif-bell .store=${store} hide-settings></notif-bell><button id="after">After</button>
      </div>`,
    );
    const bell = wrapper.querySelector('notif-bell')!;
    bell.show();
    await opened(bell);
    await waitUntil(() => innerInbox(bell)?.shadowRoot?.querySelector('article'));
    // Focus the last control of the panel (a message's control), then Tab on.
    const inbox = innerInbox(bell).shadowRoot;
    const last = [...inbox.querySelectorAll<HTMLElement>('[tabindex="0"], button:not([tabindex="-1"])')]
      .filter((node) => node.getBoundingClientRect().width > 0)
      .pop()!;
    last.focus();
    await sendKeys({ press: 'Tab' });
    await waitUntil(() => !isOpen(bell), 'the panel closed');
    expect(bell.open).to.equal(false);
    expect(document.activeElement).to.not.equal(bell);
  });

  it('shows the preferences in the panel from its settings button, and Back returns', async () => {
    const { store, client } = setupInbox();
    const preferences = createPreferencesStore(client, { subscriberId: SUBSCRIBER });
    const el = await fixture<NotifBell>(
      html`<notif-bell .store=${store} .preferencesStore=${preferences}></notif-bell>`,
    );
    el.show();
    await opened(el);
    const settings = () => $(el, '[part="settings"]') as HTMLButtonElement;
    await waitUntil(() => settings());
    expect(settings().title).to.equal('Notification settings');
    settings().click();
    await waitUntil(() => $(el, 'notif-preferences'));
    await waitUntil(() => customElements.get('notif-preferences'), 'loaded on demand');
    expect(panel(el).getAttribute('aria-label')).to.equal('Settings');
    expect(el.shadowRoot!.activeElement?.textContent?.trim()).to.equal('Settings');
    expect($(el, 'notif-inbox')).to.equal(null);
    await animationsDone(el);
    await expect(el).to.be.accessible();
    ($(el, '[part="back"]') as HTMLButtonElement).click();
    await waitUntil(() => $(el, 'notif-inbox'));
    await el.updateComplete;
    await waitUntil(
      () => el.shadowRoot!.activeElement === settings(),
      'the focus is back on the settings button',
    );
    el.hideSettings = true;
    await el.updateComplete;
    expect(settings()).to.equal(null);
  });

  it('offers no settings when it has no preferences to show', async () => {
    const { store } = setupInbox();
    const el = await fixture<NotifBell>(html`<notif-bell .store=${store}></notif-bell>`);
    el.show();
    await opened(el);
    await waitUntil(() => innerInbox(el)?.shadowRoot?.querySelector('article'));
    expect($(el, '[part="settings"]')).to.equal(null);
  });

  it('keeps the panel inside a wide viewport when the bell sits at the start edge', async () => {
    const { store } = setupInbox();
    const wrapper = await fixture(
      html`<div dir="rtl" style="display:flex"><notif-bell .store=${store}></notif-bell></div>`,
    );
    const bell = wrapper.querySelector('notif-bell')!;
    bell.show();
    await opened(bell);
    const rect = panel(bell).getBoundingClientRect();
    expect(rect.left).to.be.at.least(0);
    expect(rect.right).to.be.at.most(document.documentElement.clientWidth);
    await animationsDone(bell);
    await expect(bell).to.be.accessible();
  });

  it('announces arrivals while closed', async () => {
    const { store, mock } = setupInbox();
    const el = await fixture<NotifBell>(html`<notif-bell theme="dark" .store=${store}></notif-bell>`);
    await waitUntil(() => store.$loaded.get());
    mock.addMessage(SUBSCRIBER, { subject: 'Deploy finished' });
    mock.addMessage(SUBSCRIBER, { subject: 'Review requested' });
    await store.refresh();
    await el.updateComplete;
    expect($(el, '[aria-live="polite"]')!.textContent!.trim()).to.equal('2 new notifications');
    await expect(el).to.be.accessible();
  });
});
