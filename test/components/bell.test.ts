import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { atom } from 'nanostores';
import '../../src/components/bell/bell.js';
import type { NotifBell } from '../../src/components/bell/bell.component.js';
import type { InboxStore } from '../../src/store/inbox.js';
import { $, markAsRequests, setupInbox, SUBSCRIBER } from '../helpers/inbox-setup.js';

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
    const unseen = store.$counts.get().unseen;
    expect(unseen).to.be.greaterThan(0);
    const button = $(el, '[part="button"]')!;
    expect(button.getAttribute('aria-label')).to.equal(`Notifications, ${unseen} unseen`);
    expect($(el, '[part="badge"]')!.textContent).to.equal(String(unseen));
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

  it('keeps the panel inside the viewport, full width on a narrow phone', async () => {
    await setViewport({ width: 360, height: 640 });
    const { store } = setupInbox();
    const wrapper = await fixture(
      html`<div style="display:flex; justify-content:flex-end">
        <notif-bell .store=${store}></notif-bell>
      </div>`,
    );
    const bell = wrapper.querySelector('notif-bell')!;
    bell.show();
    await opened(bell);
    await waitUntil(() => innerInbox(bell)?.shadowRoot?.querySelector('article'));
    const rect = panel(bell).getBoundingClientRect();
    expect(rect.left).to.be.at.least(0);
    expect(rect.right).to.be.at.most(360);
    expect(rect.bottom).to.be.at.most(640);
    expect(rect.width).to.be.at.least(360 - 16 - 1);
    await expect(bell).to.be.accessible();
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
