/**
 * Screenshots of the row's open "More actions" menu (with "Turn off notifications like this" and a host item),
 * and of the status with Undo after turning them off. Named as in visual.test.ts: `row-menu-open-light-ltr-desktop`
 * is baselines/row-menu-open-light-ltr-desktop.png (`UPDATE_VISUAL=1 npx wtr --files test/visual/row-menu.test.ts`).
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/components/inbox/inbox.js';
import type { NotifInbox } from '../../src/components/inbox/inbox.component.js';
import type { Message, SubscriberPreferences } from '../../src/client/types.js';
import { createPreferencesStore } from '../../src/store/preferences.js';
import { $, $$, setupInbox, SUBSCRIBER } from '../helpers/inbox-setup.js';
import { FIXED_NOW, VISUAL_MESSAGES } from './fixtures.js';
import { frame, type Look, looks, snapshot, useViewport, snapshotCases, useVisualPage } from './harness.js';

const MESSAGES: readonly Message[] = VISUAL_MESSAGES.map((message, index) =>
  index === 0 ? { ...message, templateIdentifier: 'comment-mention' } : message,
);

const PREFERENCES: SubscriberPreferences = {
  global: { enabled: true, channels: { in_app: true, email: true } },
  workflows: [
    {
      enabled: true,
      channels: { in_app: true, email: true },
      overrides: [],
      workflow: { slug: 'comment-mention_wf', identifier: 'comment-mention', name: 'Comment mentions' },
    },
  ],
};

const archive = html`<svg
  class="icon"
  viewBox="0 0 24 24"
  aria-hidden="true"
  fill="none"
  stroke="currentColor"
  stroke-width="1.75"
  stroke-linecap="round"
  stroke-linejoin="round"
>
  <rect x="3" y="4" width="18" height="4" rx="1" />
  <path d="M5 8v11h14V8M10 12h4" />
</svg>`;

async function showMenu(look: Look, after?: 'turned-off'): Promise<Element> {
  const { store, client } = setupInbox({
    mock: { now: () => FIXED_NOW, seed: { base: 'empty', messages: [...MESSAGES] } },
  });
  const preferences = createPreferencesStore(client, { subscriberId: SUBSCRIBER, initial: PREFERENCES });
  const wrapper = await fixture<HTMLElement>(
    frame(
      look,
      html`<notif-inbox
        theme=${look.theme}
        locale=${look.dir === 'rtl' ? 'ar' : 'en'}
        .store=${store}
        .preferencesStore=${preferences}
        .rowActions=${[{ id: 'archive', label: look.dir === 'rtl' ? 'أرشفة' : 'Archive', icon: archive, handler: () => undefined }]}
      ></notif-inbox>`,
    ),
  );
  const inbox = wrapper.querySelector<NotifInbox>('notif-inbox')!;
  await waitUntil(() => $$(inbox, 'article').length === MESSAGES.length, 'the messages', { timeout: 4000 });
  const more = $(inbox, 'article [data-action="row-menu"]')!;
  more.focus();
  await sendKeys({ press: 'Enter' });
  await waitUntil(() => $(inbox, '[role="menu"]')?.matches(':popover-open'), 'the menu opens');
  await waitUntil(() => $(inbox, '[data-item="turn-off"]:not([aria-disabled])'), 'turn off is offered');
  if (after === 'turned-off') {
    $(inbox, '[data-item="turn-off"]')!.click();
    await waitUntil(() => $(inbox, '[data-status="undo"]:not([disabled])'), 'turned off', { timeout: 4000 });
  }
  return wrapper;
}

describe('visual regression: row menu', () => {
  useVisualPage();

  const cases: { subject: string; looks: Look[]; after?: 'turned-off' }[] = [
    {
      subject: 'row-menu-open',
      looks: [
        { theme: 'light', dir: 'ltr', device: 'desktop' },
        { theme: 'dark', dir: 'rtl', device: 'desktop' },
        { theme: 'light', dir: 'ltr', device: 'phone' },
      ],
    },
    { subject: 'row-menu-turned-off', looks: looks(['light'], ['ltr'], ['desktop']), after: 'turned-off' },
  ];
  snapshotCases(
    cases.map(({ subject, looks, after }) => ({ subject, looks, render: (look) => showMenu(look, after) })),
  );

  // The icons that stay on a row: "Mark as read" (a check) on an unread row, "Mark as unread" (an envelope
  // with a dot, not a bare dot that read as the letter "o") on a read one.
  it('row-tools-read-light-ltr-desktop', async () => {
    await useViewport('desktop');
    const { store } = setupInbox({
      mock: { now: () => FIXED_NOW, seed: { base: 'empty', messages: [...MESSAGES] } },
    });
    const look: Look = { theme: 'light', dir: 'ltr', device: 'desktop' };
    const wrapper = await fixture<HTMLElement>(
      frame(look, html`<notif-inbox theme="light" .store=${store}></notif-inbox>`),
    );
    const inbox = wrapper.querySelector<NotifInbox>('notif-inbox')!;
    await waitUntil(() => $$(inbox, 'article').length === MESSAGES.length, 'the messages', { timeout: 4000 });
    $$(inbox, 'article.item:not(.unread) [data-action="toggle-read"]')[0]!.focus();
    await snapshot(wrapper, 'row-tools-read-light-ltr-desktop');
  });

  it('is accessible as screenshotted (open, dark, right to left)', async () => {
    await useViewport('desktop');
    const wrapper = await showMenu({ theme: 'dark', dir: 'rtl', device: 'desktop' });
    await expect(wrapper.querySelector('notif-inbox')).to.be.accessible();
  });
});
