/**
 * Render hooks: a team's own row, or its own avatar, subject, body or buttons, in the inbox and through the
 * bell, with the row around them (name, keys, Enter, mark read, virtualization) behaving as with default rows.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/components/bell/bell.js';
import '../../src/components/inbox/inbox.js';
import type { NotifBell } from '../../src/components/bell/bell.component.js';
import type { NotifInbox } from '../../src/components/inbox/inbox.component.js';
import type { NotifRowContext, RenderHook } from '../../src/index.js';
import { createNotifClient } from '../../src/client/index.js';
import { createInboxStore, type InboxStore } from '../../src/store/inbox.js';
import { $, $$, animationsDone, markAsRequests, setupInbox, untilMessages } from '../helpers/inbox-setup.js';
import { largeService, manyMessages } from '../helpers/large-service.js';

async function inboxWith(store: InboxStore, hooks: Partial<Record<string, RenderHook>>): Promise<NotifInbox> {
  const el = await fixture<NotifInbox>(html`<notif-inbox .store=${store}></notif-inbox>`);
  Object.assign(el, hooks);
  await untilMessages(el);
  await el.updateComplete;
  return el;
}

/** The focused element, through every shadow root. */
function focused(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

function innerInbox(bell: NotifBell): NotifInbox {
  return $(bell, 'notif-inbox') as NotifInbox;
}

describe('<notif-inbox> render hooks', () => {
  it('renderMessage replaces the content of a row; undefined keeps the default row', async () => {
    const { store } = setupInbox();
    const contexts: NotifRowContext[] = [];
    const el = await inboxWith(store, {
      renderMessage: (message, context) => {
        contexts.push(context);
        return context.index === 1
          ? undefined
          : html`<p class="mine">${message.subject} · ${context.time}</p>`;
      },
    });
    const rows = $$(el, 'article');
    expect(rows[0]!.querySelector('.mine')!.textContent).to.contain(store.$messages.get()[0]!.subject!);
    expect(rows[0]!.querySelector('[part~="toggle-read"]')).to.equal(null);
    // The second row kept the default content.
    expect(rows[1]!.querySelector('.mine')).to.equal(null);
    expect(rows[1]!.querySelector('[part="subject"]')).to.exist;
    // The row is still named by the message's subject.
    const first = store.$messages.get()[0]!;
    const label = el.shadowRoot!.getElementById(rows[0]!.getAttribute('aria-labelledby')!);
    expect(label!.textContent).to.equal(first.subject);
    const context = contexts.find((c) => c.index === 0)!;
    expect(context.read).to.equal(first.read === true);
    expect(context.dateTime).to.equal(new Date(first.createdAt).toISOString());
    expect(context.locale).to.equal('en');
    expect(context.dir).to.equal('ltr');
    expect(context.t('inbox.markRead')).to.equal('Mark as read');
    await expect(el).to.be.accessible();
  });

  it('renderAvatar, renderSubject, renderBody and renderActions replace their piece only', async () => {
    const { store } = setupInbox();
    const withButtons = () =>
      store.$messages.get().findIndex((m) => (m.cta?.action?.buttons ?? []).length > 0);
    const el = await inboxWith(store, {
      renderAvatar: (message) => html`<i class="my-avatar">${message.subject?.[0]}</i>`,
      renderSubject: (message, context) =>
        context.index === 0 ? html`<em>${message.subject}!</em>` : undefined,
      renderBody: () => 'My body',
      renderActions: (_message, context) =>
        context.buttons.length
          ? html`<button
              class="my-action"
              tabindex=${context.focused ? 0 : -1}
              @click=${() => context.pressAction(0)}
            >
              Go
            </button>`
          : null,
    });
    const rows = $$(el, 'article');
    expect(rows.every((row) => row.querySelector('[part="avatar"] .my-avatar'))).to.equal(true);
    expect(rows[0]!.querySelector('[part="subject"] em')).to.exist;
    // Undefined from renderSubject: the default subject.
    expect(rows[1]!.querySelector('[part="subject"]')!.textContent).to.equal(
      store.$messages.get()[1]!.subject,
    );
    expect(
      rows.every((row) => row.querySelector('[part="content"]')!.textContent!.trim() === 'My body'),
    ).to.equal(true);
    const index = withButtons();
    expect(index).to.be.at.least(0);
    const row = $(el, `article[data-index="${index}"]`)!;
    expect(row.querySelector('[part~="action"]')).to.equal(null);
    setTimeout(() => row.querySelector<HTMLElement>('.my-action')!.click());
    const event = await oneEvent(el, 'notif-action');
    expect(event.detail.index).to.equal(0);
    // The rest of the row is the default one.
    expect(row.querySelector('[part~="toggle-read"]')).to.exist;
    expect(row.querySelector('[part="time"]')).to.exist;
    await expect(el).to.be.accessible();
  });

  it('shows a string as text, never as HTML', async () => {
    const { store } = setupInbox();
    const hostile = '<img src=x onerror="window.__hooked = true">';
    const el = await inboxWith(store, { renderSubject: () => hostile, renderBody: () => hostile });
    const row = $$(el, 'article')[0]!;
    expect(row.querySelector('[part="subject"]')!.textContent).to.equal(hostile);
    expect(row.querySelector('[part="content"]')!.textContent!.trim()).to.equal(hostile);
    expect(row.querySelectorAll('[part="subject"] img, [part="content"] img').length).to.equal(0);
    expect((window as { __hooked?: boolean }).__hooked).to.equal(undefined);
  });

  it('places a DOM node, and a row of its own from a node', async () => {
    const { store } = setupInbox();
    const el = await inboxWith(store, {
      renderMessage: (message) => {
        const node = document.createElement('div');
        node.className = 'node-row';
        node.textContent = `Node: ${message.subject}`;
        return node;
      },
    });
    const rows = $$(el, 'article');
    expect(rows.length).to.be.above(1);
    expect(rows.every((row) => row.querySelector('.node-row'))).to.equal(true);
    expect(rows[0]!.querySelector('.node-row')!.textContent).to.equal(
      `Node: ${store.$messages.get()[0]!.subject}`,
    );
    await expect(el).to.be.accessible();
  });

  it('shows the default content of a row whose hook throws, and reports it once', async () => {
    const { store } = setupInbox();
    const errors: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(String(args[0]));
    try {
      const el = await inboxWith(store, {
        renderMessage: (_message, context) => {
          if (context.index % 2 === 0) throw new Error('broken');
          return html`<p class="mine">mine</p>`;
        },
      });
      const rows = $$(el, 'article');
      expect(rows[0]!.querySelector('[part="subject"]')).to.exist;
      expect(rows[1]!.querySelector('.mine')).to.exist;
      expect(errors.filter((text) => text.includes('render hook'))).to.have.length(1);
    } finally {
      console.error = original;
    }
  });
});

describe('<notif-bell> with a custom renderMessage', () => {
  const row: RenderHook = (message, context) =>
    html`<div class="mine">
      <b>${message.subject}</b>
      <button class="mine-read" tabindex=${context.focused ? 0 : -1} @click=${() => context.markAs('read')}>
        Done
      </button>
    </div>`;

  it('moves with the arrows, opens with Enter and marks read from the row', async () => {
    const { store, mock } = setupInbox();
    const bell = await fixture<NotifBell>(
      html`<notif-bell .store=${store} .renderMessage=${row}></notif-bell>`,
    );
    await waitUntil(() => store.$loaded.get(), 'loaded');
    $(bell, '[part="button"]')!.click();
    await waitUntil(() => innerInbox(bell)?.shadowRoot?.querySelector('article .mine'), 'custom rows');
    const inbox = innerInbox(bell);
    $$(inbox, 'article')[0]!.focus();
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => focused() === $$(inbox, 'article')[1], 'the second row has the focus');
    expect(focused()!.getAttribute('tabindex')).to.equal('0');
    expect(focused()!.querySelector('.mine-read')!.getAttribute('tabindex')).to.equal('0');
    expect($$(inbox, 'article')[0]!.querySelector('.mine-read')!.getAttribute('tabindex')).to.equal('-1');

    const second = store.$messages.get()[1]!;
    const opened: string[] = [];
    bell.addEventListener('notif-message-click', (event) => {
      event.preventDefault();
      opened.push(event.detail.message._id!);
    });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => opened.length === 1, 'Enter opens the message');
    expect(opened).to.deep.equal([second._id]);

    const unread = store.$messages.get().findIndex((m) => !m.read);
    const id = store.$messages.get()[unread]!._id!;
    mock.clearRequests();
    $(inbox, `article[data-index="${unread}"] .mine-read`)!.click();
    await waitUntil(
      () => markAsRequests(mock).some((body) => JSON.stringify(body).includes(id)),
      'marked read',
    );
    await waitUntil(() => !$(inbox, `article[data-key="${id}"]`)!.classList.contains('unread'), 'shown read');
    // On a quick machine all of this fits in the panel's fade-in: axe would measure half-faded colours.
    await animationsDone(bell);
    await expect(bell).to.be.accessible();
  });

  it('virtualizes 10,000 custom rows, and End reaches the last one', async () => {
    const service = largeService(manyMessages(10_000));
    const client = createNotifClient({ baseUrl: 'https://api.test', fetch: service.fetch, retry: false });
    const store = createInboxStore(client, { subscriberId: 'usr_1', pollInterval: 0, syncKey: false });
    const bell = await fixture<NotifBell>(
      html`<notif-bell .store=${store} .renderMessage=${row} hide-settings></notif-bell>`,
    );
    await waitUntil(() => store.$loaded.get(), 'loaded', { timeout: 5000 });
    $(bell, '[part="button"]')!.click();
    await waitUntil(
      () => innerInbox(bell)?.shadowRoot?.querySelector('.list.virtual article .mine'),
      'virtual',
      {
        timeout: 5000,
      },
    );
    const inbox = innerInbox(bell);
    expect($$(inbox, 'article').length).to.be.below(100);
    $$(inbox, 'article')[0]!.focus();
    await sendKeys({ press: 'End' });
    await waitUntil(
      () => (focused() as HTMLElement | null)?.dataset.index === '9999',
      'the last row has the focus',
      {
        timeout: 5000,
      },
    );
    expect(focused()!.querySelector('.mine')).to.exist;
    expect($$(inbox, 'article').length).to.be.below(100);
    store.destroy();
  });
});
