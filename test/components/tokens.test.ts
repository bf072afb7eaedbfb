/**
 * What teams change most, set from the page: density and row spacing, hover and focus colours, the "Show
 * more" fade over any background, icons, the bell's badge as a dot, the primary action's colours.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/components/bell/bell.js';
import '../../src/components/inbox/inbox.js';
import type { NotifBell } from '../../src/components/bell/bell.component.js';
import type { NotifInbox } from '../../src/components/inbox/inbox.component.js';
import { createPreferencesStore } from '../../src/store/preferences.js';
import { $, $$, setupInbox, SUBSCRIBER, untilMessages, animationsDone } from '../helpers/inbox-setup.js';

const LONG = 'A long body that goes on and on, '.repeat(12);

/** An inbox of `usr_empty` with the given messages, newest last. */
async function inboxOf(
  messages: Record<string, unknown>[],
  template: (store: unknown) => ReturnType<typeof html>,
): Promise<NotifInbox> {
  const { store, mock } = setupInbox({ store: { subscriberId: 'usr_empty' } });
  for (const message of messages) mock.addMessage('usr_empty', message as never);
  const wrapper = await fixture(template(store));
  const el = (wrapper.matches('notif-inbox') ? wrapper : wrapper.querySelector('notif-inbox')) as NotifInbox;
  await untilMessages(el, messages.length);
  await el.updateComplete;
  return el;
}

/** Whether the unread dot's centre lies within the first line of the subject. */
function dotOnSubjectLine(row: HTMLElement): boolean {
  const dot = row.querySelector('[part="unread-marker"]')!.getBoundingClientRect();
  const subject = row.querySelector<HTMLElement>('[part="subject"]')!;
  const top = subject.getBoundingClientRect().top;
  const line = parseFloat(getComputedStyle(subject).lineHeight);
  const centre = dot.top + dot.height / 2;
  return centre > top + line * 0.3 && centre < top + line * 0.7;
}

describe('tokens and styling options', () => {
  it('density="compact": a message without buttons is at most 64 px tall, the dot on its subject line', async () => {
    const el = await inboxOf(
      [{ subject: 'Deploy finished', content: LONG, read: false, cta: {} }],
      (store) => html`<notif-inbox density="compact" .store=${store}></notif-inbox>`,
    );
    const row = $$(el, 'article')[0]!;
    expect(row.querySelector('[part="actions"]')).to.equal(null);
    expect(row.getBoundingClientRect().height).to.be.at.most(64);
    expect(dotOnSubjectLine(row)).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('keeps the unread dot on the subject line at any row padding', async () => {
    for (const padding of ['2px', '1.75rem']) {
      // Through the token, and through ::part(item) as a page would set it.
      const el = await inboxOf(
        [{ subject: 'Deploy finished', content: 'Short.', read: false }],
        (store) =>
          html`<notif-inbox style="--notif-row-padding-block: ${padding}" .store=${store}></notif-inbox>`,
      );
      expect(dotOnSubjectLine($$(el, 'article')[0]!), `token ${padding}`).to.equal(true);
      const parted = await inboxOf(
        [{ subject: 'Deploy finished', content: 'Short.', read: false }],
        (store) =>
          html`<div>
            <style>
              .padded notif-inbox::part(item) {
                padding-block: ${padding};
              }
            </style>
            <div class="padded"><notif-inbox .store=${store}></notif-inbox></div>
          </div>`,
      );
      expect(dotOnSubjectLine($$(parted, 'article')[0]!), `::part ${padding}`).to.equal(true);
    }
  });

  it('bell: density reaches its inbox, and the badge can be a dot or nothing, its name still counting', async () => {
    const { store } = setupInbox();
    const bell = await fixture<NotifBell>(
      html`<notif-bell badge="dot" density="compact" .store=${store}></notif-bell>`,
    );
    await waitUntil(() => $(bell, '[part~="badge"]'), 'the badge shows');
    const dot = $(bell, '[part~="badge"]')!;
    expect(dot.part.contains('badge-dot')).to.equal(true);
    expect(dot.textContent!.trim()).to.equal('');
    const size = dot.getBoundingClientRect();
    expect(size.width).to.be.below(12);
    expect(size.width).to.equal(size.height);
    const label = $(bell, '[part="button"]')!.getAttribute('aria-label')!;
    expect(label).to.match(/\d/);
    await animationsDone(bell);
    await expect(bell).to.be.accessible();

    bell.badge = 'none';
    await bell.updateComplete;
    expect($(bell, '[part~="badge"]')).to.equal(null);
    expect($(bell, '[part="button"]')!.getAttribute('aria-label')).to.equal(label);

    bell.show();
    await waitUntil(() => $(bell, 'notif-inbox'), 'the inbox');
    expect($(bell, 'notif-inbox')!.getAttribute('density')).to.equal('compact');
  });

  it('hover shows on unread rows and differs from the focused row', async () => {
    const el = await inboxOf(
      [
        { subject: 'Read one', content: 'Short.', read: true },
        { subject: 'Unread one', content: 'Short.', read: false },
      ],
      (store) => html`<notif-inbox theme="light" .store=${store}></notif-inbox>`,
    );
    const unread = $(el, 'article.unread')!;
    const before = getComputedStyle(unread).backgroundColor;
    const box = unread.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(box.left + 40), Math.round(box.top + 10)] });
    await waitUntil(
      () => getComputedStyle(unread).backgroundColor !== before,
      'hover shows on an unread row',
    );
    const hovered = getComputedStyle(unread).backgroundColor;
    await sendMouse({ type: 'move', position: [0, 0] });
    // The focused row has a colour of its own.
    const read = $(el, 'article:not(.unread)')!;
    const readBefore = getComputedStyle(read).backgroundColor;
    unread.focus();
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => getComputedStyle(read).backgroundColor !== readBefore, 'the focused row is tinted');
    expect(getComputedStyle(read).backgroundColor).not.to.equal(hovered);
  });

  it('takes its own hover, selected and row colours and primary action colours from tokens', async () => {
    const el = await inboxOf(
      [
        {
          subject: 'Invite',
          content: 'Short.',
          read: false,
          cta: { type: 'redirect', action: { buttons: [{ type: 'primary', content: 'Accept' }] } },
        },
      ],
      (store) =>
        html`<notif-inbox
          style="--notif-row-unread-bg: rgb(1, 2, 3); --notif-row-hover-bg: rgb(4, 5, 6); --notif-action-primary-bg: rgb(7, 8, 9); --notif-action-primary-color: rgb(250, 250, 250)"
          .store=${store}
        ></notif-inbox>`,
    );
    const row = $$(el, 'article')[0]!;
    expect(getComputedStyle(row).backgroundColor).to.equal('rgb(1, 2, 3)');
    const action = $(el, '[part~="action-primary"]')!;
    expect(getComputedStyle(action).backgroundColor).to.equal('rgb(7, 8, 9)');
    expect(getComputedStyle(action).color).to.equal('rgb(250, 250, 250)');
    const box = row.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(box.left + 40), Math.round(box.top + 10)] });
    await waitUntil(
      () => getComputedStyle(row).backgroundColor === 'rgb(4, 5, 6)',
      'the hover token applies',
    );
    await sendMouse({ type: 'move', position: [0, 0] });
  });

  it('"Show more" fades the text, not a colour: no box behind it on a recoloured row', async () => {
    const el = await inboxOf(
      [{ subject: 'Long', content: LONG, read: true }],
      (store) =>
        html`<div>
          <style>
            .recoloured notif-inbox::part(item) {
              background: rgb(255, 236, 200);
            }
          </style>
          <div class="recoloured"><notif-inbox .store=${store}></notif-inbox></div>
        </div>`,
    );
    const row = $$(el, 'article')[0]!;
    await waitUntil(() => row.hasAttribute('data-clamped'), 'the body is clamped');
    const more = row.querySelector<HTMLElement>('[part="show-more"]')!;
    expect(getComputedStyle(more).backgroundImage).to.equal('none');
    expect(getComputedStyle(more).backgroundColor).to.equal('rgba(0, 0, 0, 0)');
    expect(getComputedStyle(row.querySelector('[part="content"]')!).maskImage).to.contain('linear-gradient');
  });

  it('replaces icons through the icons property, and the bell passes its own on', async () => {
    const mine = (name: string) =>
      html`<svg class="mine" data-icon=${name} viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="5" />
      </svg>`;
    const { store, client } = setupInbox();
    const preferences = createPreferencesStore(client, { subscriberId: SUBSCRIBER });
    const bell = await fixture<NotifBell>(
      html`<notif-bell
        .store=${store}
        .preferencesStore=${preferences}
        .icons=${{
          settings: mine('settings'),
          close: mine('close'),
          back: mine('back'),
          markRead: mine('markRead'),
          markUnread: mine('markUnread'),
          markAllRead: mine('markAllRead'),
          'channel-email': mine('email'),
        }}
      ></notif-bell>`,
    );
    bell.show();
    await waitUntil(() => $(bell, 'notif-inbox')?.shadowRoot?.querySelector('article'), 'the inbox');
    const inbox = $(bell, 'notif-inbox')!;
    expect($(bell, '[part="settings"] [data-icon="settings"]')).to.exist;
    expect($(inbox, '[part~="mark-all"] [data-icon="markAllRead"]')).to.exist;
    // The rows' tools draw their icons at the first pointer or focus in the list.
    $(inbox, 'article[tabindex="0"]')!.focus();
    await (inbox as NotifInbox).updateComplete;
    expect($(inbox, 'article.unread [part="toggle-read"] [data-icon="markRead"]')).to.exist;
    expect($(inbox, 'article:not(.unread) [part="toggle-read"] [data-icon="markUnread"]')).to.exist;
    $(bell, '[part="settings"]')!.click();
    await waitUntil(
      () => $(bell, 'notif-preferences')?.shadowRoot?.querySelector('[data-icon="email"]'),
      'the email switch has the replaced icon',
    );
    expect($(bell, '[part="back"] [data-icon="back"]')).to.exist;
  });
});
