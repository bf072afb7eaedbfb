import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { Message } from '../../src/client/types.js';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import sinon from 'sinon';
import '../../src/components/toast/toast.js';
import type { NotifToast } from '../../src/components/toast/toast.component.js';
import { arrivalsStore, restoreVisibility, setVisibility } from '../helpers/arrivals.js';
import { $, $$, setupInbox, SUBSCRIBER } from '../helpers/inbox-setup.js';
import { syntheticMessage } from '../helpers/messages.js';
import type { NotifRowContext } from '../../src/components/inbox/render-hooks.js';

const toasts = (el: NotifToast) => $$(el, '[part~="toast"]');
const subjects = (el: NotifToast) =>
  toasts(el).map((item) => item.querySelector('[part~="subject"]')!.textContent!.trim());

describe('<notif-toast>', () => {
  let clock: sinon.SinonFakeTimers | undefined;

  afterEach(async () => {
    clock?.restore();
    clock = undefined;
    restoreVisibility();
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('shows what arrives after the first load, never the first load itself', async () => {
    const { mock, store } = setupInbox();
    const el = await fixture<NotifToast>(html`<notif-toast .store=${store}></notif-toast>`);
    await waitUntil(() => store.$loaded.get());
    await el.updateComplete;
    expect(toasts(el)).to.have.length(0);
    mock.addMessage(SUBSCRIBER, { subject: 'Fresh arrival' });
    await store.refresh();
    await el.updateComplete;
    expect(subjects(el)).to.deep.equal(['Fresh arrival']);
    await expect(el).to.be.accessible();
  });

  it('keeps three at most, the oldest leaving first, and shows one arrival once', async () => {
    const { store, arrive } = arrivalsStore();
    const el = await fixture<NotifToast>(html`<notif-toast .store=${store}></notif-toast>`);
    arrive(syntheticMessage(1), syntheticMessage(2));
    arrive(syntheticMessage(3));
    arrive(syntheticMessage(1)); // again, from another tab: not twice
    await el.updateComplete;
    expect(subjects(el)).to.deep.equal(['Message 2', 'Message 1', 'Message 3']);
    arrive(syntheticMessage(4));
    await el.updateComplete;
    expect(subjects(el)).to.deep.equal(['Message 1', 'Message 3', 'Message 4']);
    await expect(el).to.be.accessible();
  });

  it('announces arrivals politely without moving the focus', async () => {
    const { store, arrive } = arrivalsStore();
    const el = await fixture<NotifToast>(html`<notif-toast .store=${store}></notif-toast>`);
    const before = document.activeElement;
    arrive(syntheticMessage(1));
    const live = $(el, '[aria-live="polite"]')!;
    await waitUntil(() => live.textContent!.includes('New notification: Message 1'));
    expect(document.activeElement).to.equal(before);
    arrive(syntheticMessage(2), syntheticMessage(3));
    await waitUntil(() => live.textContent!.includes('2 new notifications'));
  });

  it('leaves after its duration, but not while hovered or focused', async () => {
    clock = sinon.useFakeTimers({ shouldAdvanceTime: false, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { store, arrive } = arrivalsStore();
    const el = await fixture<NotifToast>(html`<notif-toast .store=${store} duration="5000"></notif-toast>`);
    arrive(syntheticMessage(1));
    await el.updateComplete;
    clock.tick(4000);
    await el.updateComplete;
    expect(toasts(el)).to.have.length(1);
    // Focus pauses the timer: however long, it stays.
    toasts(el)[0]!.querySelector<HTMLElement>('[part~="subject"]')!.focus();
    clock.tick(60_000);
    await el.updateComplete;
    expect(toasts(el)).to.have.length(1);
    // Focus gone: the second left of its five runs out.
    (document.activeElement as HTMLElement | null)?.blur();
    el.shadowRoot!.activeElement && (el.shadowRoot!.activeElement as HTMLElement).blur();
    clock.tick(900);
    await el.updateComplete;
    expect(toasts(el)).to.have.length(1);
    clock.tick(200);
    await el.updateComplete;
    expect(toasts(el)).to.have.length(0);
  });

  it('pauses while the pointer is over the toasts', async () => {
    clock = sinon.useFakeTimers({ shouldAdvanceTime: false, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { store, arrive } = arrivalsStore();
    const el = await fixture<NotifToast>(html`<notif-toast .store=${store}></notif-toast>`);
    arrive(syntheticMessage(1));
    await el.updateComplete;
    const base = $(el, '[part="base"]')!;
    base.dispatchEvent(new PointerEvent('pointerenter'));
    clock.tick(30_000);
    await el.updateComplete;
    expect(toasts(el)).to.have.length(1);
    // What arrives meanwhile waits too.
    arrive(syntheticMessage(2));
    clock.tick(30_000);
    await el.updateComplete;
    expect(toasts(el)).to.have.length(2);
    base.dispatchEvent(new PointerEvent('pointerleave'));
    clock.tick(6000);
    await el.updateComplete;
    expect(toasts(el)).to.have.length(0);
  });

  it('dismisses the focused toast with Escape, then the newest', async () => {
    const { store, arrive } = arrivalsStore();
    const el = await fixture<NotifToast>(html`<notif-toast .store=${store}></notif-toast>`);
    arrive(syntheticMessage(1), syntheticMessage(2), syntheticMessage(3));
    await el.updateComplete;
    toasts(el)[0]!.querySelector<HTMLElement>('[part~="subject"]')!.focus();
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(subjects(el)).to.deep.equal(['Message 2', 'Message 1']);
    // The focus moved on to the neighbour: Escape again dismisses that one.
    await waitUntil(() => el.shadowRoot!.activeElement !== null);
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(subjects(el)).to.have.length(1);
    $(el, '[part="dismiss"]')!.click();
    await el.updateComplete;
    expect(toasts(el)).to.have.length(0);
  });

  it('acts as a message click: a cancelable notif-message-click, then read and followed', async () => {
    const { store, arrive, marked } = arrivalsStore();
    const followed: string[] = [];
    const el = await fixture<NotifToast>(
      html`<notif-toast .store=${store} .navigate=${(url: string) => followed.push(url)}></notif-toast>`,
    );
    arrive(syntheticMessage(1), { ...syntheticMessage(2), cta: { data: { url: 'javascript:alert(1)' } } });
    await el.updateComplete;
    const [unsafe, safe] = toasts(el);
    setTimeout(() => safe!.querySelector<HTMLElement>('[part~="subject"]')!.click());
    const event = await oneEvent(el, 'notif-message-click');
    expect(event.detail.message._id).to.equal('m1');
    expect(event.cancelable).to.equal(true);
    await waitUntil(() => followed.length === 1);
    expect(followed[0]).to.equal(new URL('/tasks/1', document.baseURI).href);
    expect(marked).to.deep.equal([{ ids: ['m1'], markAs: 'read' }]);
    // An unsafe URL is never followed; a cancelled click is the host's.
    el.addEventListener('notif-message-click', (e) => e.preventDefault(), { once: true });
    unsafe!.querySelector<HTMLElement>('[part~="subject"]')!.click();
    await el.updateComplete;
    expect(toasts(el)).to.have.length(0);
    expect(followed).to.have.length(1);
    expect(marked).to.have.length(1);
  });

  it('shows nothing in a hidden tab, nor later what arrived there', async () => {
    const { store, arrive } = arrivalsStore();
    const el = await fixture<NotifToast>(html`<notif-toast .store=${store}></notif-toast>`);
    setVisibility('hidden');
    arrive(syntheticMessage(1));
    await el.updateComplete;
    expect(toasts(el)).to.have.length(0);
    setVisibility('visible');
    arrive(syntheticMessage(1), syntheticMessage(2));
    await el.updateComplete;
    expect(subjects(el)).to.deep.equal(['Message 2']);
  });

  it('renders untrusted text as text, in light, dark and right to left, with no motion when asked', async () => {
    const { store, arrive } = arrivalsStore();
    const el = await fixture<NotifToast>(
      html`<notif-toast .store=${store} theme="dark" locale="ar" position="bottom-start"></notif-toast>`,
    );
    arrive({ ...syntheticMessage(1), subject: '<img src=x onerror=alert(1)>', content: '<b>bold</b>' });
    await el.updateComplete;
    expect($(el, 'img:not([part="avatar-image"])')).to.equal(null);
    expect(subjects(el)[0]).to.equal('<img src=x onerror=alert(1)>');
    expect($(el, '[part="content"]')!.textContent).to.equal('<b>bold</b>');
    await waitUntil(() => $(el, '[part="base"]')!.getAttribute('dir') === 'rtl');
    // Bottom-start in right to left: the right-hand corner.
    const rect = el.getBoundingClientRect();
    document.documentElement.dir = 'rtl';
    try {
      expect(getComputedStyle(el).insetInlineStart).to.not.equal('auto');
    } finally {
      document.documentElement.dir = '';
    }
    expect(rect.bottom).to.be.greaterThan(window.innerHeight / 2);
    await expect(el).to.be.accessible();
    expect(getComputedStyle(toasts(el)[0]!).animationName).to.equal('notif-toast-in');
    await emulateMedia({ reducedMotion: 'reduce' });
    expect(getComputedStyle(toasts(el)[0]!).animationName).to.equal('none');
  });

  describe('render hooks', () => {
    it('renderMessage: its own content, named by the subject, and a click on it acts as a message click', async () => {
      const { store, arrive, marked } = arrivalsStore();
      const followed: string[] = [];
      const contexts: NotifRowContext[] = [];
      const renderMessage = (message: Message, context: NotifRowContext) => {
        contexts.push(context);
        return html`<div class="mine"><b>${context.subject}</b> <span>${message.content}</span></div>`;
      };
      const el = await fixture<NotifToast>(
        html`<notif-toast
          .store=${store}
          .renderMessage=${renderMessage}
          .navigate=${(url: string) => followed.push(url)}
        ></notif-toast>`,
      );
      arrive({ ...syntheticMessage(1), subject: '<i>Deploy</i> done' });
      await el.updateComplete;
      const [toast] = toasts(el);
      const mine = toast!.querySelector<HTMLElement>('.mine')!;
      expect(mine.querySelector('b')!.textContent).to.equal('<i>Deploy</i> done');
      expect(toast!.querySelector('i')).to.equal(null);
      expect(toast!.querySelector('[part~="avatar"]')).to.equal(null);
      // The context is the inbox's: the same fields, every control in the tab order.
      const context = contexts.at(-1)!;
      expect(context.url).to.equal(new URL('/tasks/1', document.baseURI).href);
      expect(context.time).to.not.equal('');
      expect(context.focused).to.equal(true);
      // The toast keeps its open button (named by the subject) and its dismiss button.
      const open = toast!.querySelector<HTMLElement>('[part~="subject"]')!;
      expect(open.textContent!.trim()).to.equal('<i>Deploy</i> done');
      expect(toast!.querySelector('[part="dismiss"]')).to.exist;
      await expect(el).to.be.accessible();
      // A click on the custom content lands on the open button, which covers the toast.
      const box = mine.getBoundingClientRect();
      const hit = el.shadowRoot!.elementFromPoint(box.left + 4, box.top + box.height / 2);
      expect(hit).to.equal(open);
      setTimeout(() => open.click());
      const event = await oneEvent(el, 'notif-message-click');
      expect(event.detail.message._id).to.equal('m1');
      await waitUntil(() => followed.length === 1);
      expect(marked).to.deep.equal([{ ids: ['m1'], markAs: 'read' }]);
      expect(toasts(el)).to.have.length(0);
    });

    it('renderSubject, renderBody and renderActions replace their piece; an action is not a message click', async () => {
      const { store, arrive, marked } = arrivalsStore();
      const el = await fixture<NotifToast>(html`<notif-toast .store=${store}></notif-toast>`);
      Object.assign(el, {
        renderSubject: (message: Message) => html`<em class="my-subject">${message.subject}!</em>`,
        renderBody: () => 'My body',
        renderActions: (_message: Message, context: NotifRowContext) =>
          html`<button class="my-action" @click=${() => context.pressAction(0)}>
            ${context.buttons[0]?.content}
          </button>`,
      });
      arrive(syntheticMessage(1));
      await el.updateComplete;
      const [toast] = toasts(el);
      expect(toast!.querySelector('[part~="subject"] .my-subject')!.textContent).to.equal('Message 1!');
      expect(toast!.querySelector('[part="content"]')!.textContent!.trim()).to.equal('My body');
      expect(toast!.querySelector('[part="avatar"], [part~="avatar-fallback"]')).to.exist;
      await expect(el).to.be.accessible();
      const action = toast!.querySelector<HTMLElement>('[part="actions"] .my-action')!;
      // The action sits above the open button's area: a click there is the action's.
      const box = action.getBoundingClientRect();
      expect(el.shadowRoot!.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)).to.equal(
        action,
      );
      let clicked = false;
      el.addEventListener('notif-message-click', () => (clicked = true));
      setTimeout(() => action.click());
      const event = await oneEvent(el, 'notif-action');
      expect(event.detail.index).to.equal(0);
      expect(event.detail.message._id).to.equal('m1');
      expect(clicked).to.equal(false);
      expect(marked).to.deep.equal([{ ids: ['m1'], markAs: 'read' }]);
      await el.updateComplete;
      expect(toasts(el)).to.have.length(0);
    });
  });
});
