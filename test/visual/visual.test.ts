/**
 * Screenshots of the elements' states, compared with the committed baselines in test/visual/baselines/:
 * light and dark, left to right and right to left, desktop and phone. Each test is named after its baseline
 * (`inbox-messages-dark-rtl-desktop` is baselines/inbox-messages-dark-rtl-desktop.png).
 *
 *   npm run test:visual          compare
 *   npm run test:visual:update   rewrite the baselines after an intended change of look, then review the PNGs
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/components/bell/bell.js';
import '../../src/components/inbox/inbox.js';
import '../../src/components/preferences/preferences.js';
import type { NotifBell } from '../../src/components/bell/bell.component.js';
import type { InboxView } from '../../src/components/inbox/inbox.component.js';
import type { RenderHook } from '../../src/components/inbox/render-hooks.js';
import { createNotifClient } from '../../src/client/index.js';
import type { Message } from '../../src/client/types.js';
import { createMockService } from '../../src/mock/index.js';
import { createInboxStore, type InboxStore } from '../../src/store/inbox.js';
import { createPreferencesStore } from '../../src/store/preferences.js';
import { deferredFetch } from '../helpers/deferred-fetch.js';
import { $, $$, setupInbox, SUBSCRIBER } from '../helpers/inbox-setup.js';
import { FIXED_NOW, READ_MESSAGES, VISUAL_MESSAGES } from './fixtures.js';
import {
  DIRECTIONS,
  frame,
  type Look,
  looks,
  THEMES,
  useViewport,
  snapshotCases,
  useVisualPage,
  type VisualCase,
} from './harness.js';

// --- data ------------------------------------------------------------------------------------------

/** An inbox store over the mock service holding `messages` (dated relative to FIXED_NOW) and nothing else. */
function storeWith(messages: readonly Message[]) {
  return setupInbox({
    mock: { now: () => FIXED_NOW, seed: { base: 'empty', messages: [...messages] } },
  });
}

/** An inbox store whose first request never gets an answer: the loading state for as long as needed. */
function loadingStore(): InboxStore {
  const held = deferredFetch();
  const client = createNotifClient({
    baseUrl: 'https://held.test',
    apiKey: 'k',
    fetch: held.fetch,
    retry: false,
  });
  return createInboxStore(client, { subscriberId: SUBSCRIBER, pollInterval: 0, syncKey: false });
}

function preferencesStore() {
  const mock = createMockService({ now: () => FIXED_NOW });
  const client = createNotifClient({
    baseUrl: 'https://mock.test',
    apiKey: mock.apiKey,
    fetch: mock.fetch,
    retry: false,
  });
  return createPreferencesStore(client, { subscriberId: SUBSCRIBER });
}

// --- rendering ---------------------------------------------------------------------------------------

async function showInbox(
  look: Look,
  store: InboxStore,
  ready: (inbox: HTMLElement) => unknown,
  view: InboxView = 'all',
  options: { density?: 'compact'; renderMessage?: RenderHook } = {},
): Promise<Element> {
  const wrapper = await fixture<HTMLElement>(
    frame(
      look,
      html`<notif-inbox
        theme=${look.theme}
        view=${view}
        density=${options.density ?? 'comfortable'}
        .renderMessage=${options.renderMessage}
        .store=${store}
      ></notif-inbox>`,
    ),
  );
  const inbox = wrapper.querySelector<HTMLElement>('notif-inbox')!;
  await waitUntil(() => ready(inbox), 'the inbox shows the state', { timeout: 4000 });
  return wrapper;
}

interface BellCase {
  messages?: readonly Message[];
  badge?: 'count' | 'dot';
  density?: 'compact';
  /** Children of the bell (slots), and a page style sheet. */
  slotted?: unknown;
  style?: string;
}

async function showBell(look: Look, open: boolean, options: BellCase = {}): Promise<Element> {
  const messages = options.messages ?? VISUAL_MESSAGES;
  const { store, client } = storeWith(messages);
  // A bell with preferences to show has its settings button.
  const preferences = createPreferencesStore(client, { subscriberId: SUBSCRIBER });
  const wrapper = await fixture<HTMLElement>(
    frame(
      look,
      html`<style>
          ${options.style ?? ''}
        </style>
        <notif-bell
          theme=${look.theme}
          badge=${options.badge ?? 'count'}
          density=${options.density ?? 'comfortable'}
          .store=${store}
          .preferencesStore=${preferences}
          >${options.slotted ?? ''}</notif-bell
        >`,
      open ? 'screen' : 'inline',
    ),
  );
  const bell = wrapper.querySelector<NotifBell>('notif-bell')!;
  if (messages.length === 0) {
    await waitUntil(() => store.$loaded.get(), 'loaded', { timeout: 4000 });
    bell.show();
    await waitUntil(
      () => $(bell, '[part="panel"]')!.matches(':popover-open') && $(bell, 'notif-inbox'),
      'open',
    );
    await waitUntil(() => $($(bell, 'notif-inbox')!, '[part="empty"]'), 'the empty state', { timeout: 4000 });
    return wrapper;
  }
  await waitUntil(() => $(bell, '[part~="badge"]'), 'the bell shows its badge', { timeout: 4000 });
  if (!open) return wrapper;
  bell.show();
  const panel = $(bell, '[part="panel"]')!;
  await waitUntil(
    () => {
      const inbox = $(bell, 'notif-inbox');
      return panel.matches(':popover-open') && inbox && $$(inbox, 'article').length === messages.length;
    },
    'the panel shows the messages',
    { timeout: 4000 },
  );
  // Opening marks the shown messages seen: wait for the badge to go, so the picture is the settled one.
  await waitUntil(() => !$(bell, '[part~="badge"]'), 'the shown messages are marked seen', { timeout: 4000 });
  return wrapper;
}

const hasMessages = (count: number) => (inbox: HTMLElement) => $$(inbox, 'article').length === count;

// --- the cases ---------------------------------------------------------------------------------------

const CASES: VisualCase[] = [
  {
    subject: 'inbox-messages',
    looks: [...looks(THEMES, DIRECTIONS, ['desktop']), ...looks(THEMES, ['ltr'], ['phone'])],
    render: (look) => showInbox(look, storeWith(VISUAL_MESSAGES).store, hasMessages(VISUAL_MESSAGES.length)),
  },
  {
    subject: 'inbox-loading',
    looks: looks(THEMES, ['ltr'], ['desktop']),
    render: (look) => showInbox(look, loadingStore(), (inbox) => $(inbox, '[part="skeleton"]')),
  },
  {
    subject: 'inbox-empty-all',
    looks: looks(THEMES, ['ltr'], ['desktop']),
    render: (look) => showInbox(look, storeWith([]).store, (inbox) => $(inbox, '[part="empty"]')),
  },
  {
    subject: 'inbox-empty-unread',
    looks: looks(THEMES, ['ltr'], ['desktop']),
    render: (look) =>
      showInbox(look, storeWith(READ_MESSAGES).store, (inbox) => $(inbox, '[part="empty"]'), 'unread'),
  },
  {
    subject: 'inbox-error',
    looks: [...looks(THEMES, ['ltr'], ['desktop']), ...looks(['light'], ['rtl'], ['desktop'])],
    render: (look) => {
      const { store, mock } = storeWith(VISUAL_MESSAGES);
      mock.fail({ status: 500, path: '/v1/messages', times: Infinity });
      return showInbox(look, store, (inbox) => $(inbox, '[part="error"]'));
    },
  },
  {
    subject: 'bell-closed',
    looks: [...looks(THEMES, ['ltr'], ['desktop']), ...looks(['light'], ['rtl'], ['desktop'])],
    render: (look) => showBell(look, false),
  },
  {
    subject: 'bell-open',
    looks: [
      ...looks(THEMES, ['ltr'], ['desktop', 'phone']),
      ...looks(['light'], ['rtl'], ['desktop']),
      ...looks(['dark'], ['rtl'], ['phone']),
    ],
    render: (look) => showBell(look, true),
  },
  {
    subject: 'inbox-compact',
    looks: [...looks(THEMES, ['ltr'], ['desktop']), ...looks(['light'], ['rtl'], ['desktop'])],
    render: (look) =>
      showInbox(look, storeWith(VISUAL_MESSAGES).store, hasMessages(VISUAL_MESSAGES.length), 'all', {
        density: 'compact',
      }),
  },
  {
    subject: 'inbox-custom-row',
    looks: looks(THEMES, ['ltr'], ['desktop']),
    render: (look) =>
      showInbox(look, storeWith(VISUAL_MESSAGES).store, hasMessages(VISUAL_MESSAGES.length), 'all', {
        renderMessage: (message, context) =>
          html`<div style="display: flex; gap: 0.5rem; align-items: baseline">
            <strong style="flex: 1">${message.subject}</strong><small>${context.time}</small>
          </div>`,
      }),
  },
  {
    subject: 'bell-badge-dot',
    looks: looks(THEMES, ['ltr'], ['desktop']),
    render: (look) => showBell(look, false, { badge: 'dot' }),
  },
  {
    subject: 'bell-slotted-empty',
    looks: looks(['light'], ['ltr'], ['desktop']),
    render: (look) =>
      showBell(look, true, {
        messages: [],
        slotted: html`<p slot="empty" style="padding: 2rem; text-align: center; margin: 0">
          Inbox zero. New activity in your projects shows up here.
        </p>`,
      }),
  },
  {
    subject: 'bell-brand',
    looks: looks(['light'], ['ltr'], ['desktop']),
    render: (look) =>
      showBell(look, true, {
        density: 'compact',
        style: `notif-bell { --notif-color-accent: #0f766e; --notif-row-unread-bg: #f0fdfa;
          --notif-action-primary-bg: transparent; --notif-action-primary-color: #0f766e; }
          notif-bell::part(inbox-subject) { font-weight: 600; }`,
      }),
  },
  {
    subject: 'preferences',
    looks: [...looks(THEMES, DIRECTIONS, ['desktop']), ...looks(['light'], ['ltr'], ['phone'])],
    render: async (look) => {
      const store = preferencesStore();
      const wrapper = await fixture<HTMLElement>(
        frame(look, html`<notif-preferences theme=${look.theme} .store=${store}></notif-preferences>`),
      );
      const prefs = wrapper.querySelector('notif-preferences')!;
      await waitUntil(() => $(prefs, '[part~="schedule"]'), 'the preferences are shown', { timeout: 4000 });
      return wrapper;
    },
  },
];

describe('visual regression', () => {
  useVisualPage();

  snapshotCases(CASES);

  it('shows accessible states (the inbox with messages, as screenshotted)', async () => {
    const look: Look = { theme: 'dark', dir: 'rtl', device: 'desktop' };
    await useViewport(look.device);
    const wrapper = await CASES[0]!.render(look);
    await expect(wrapper.querySelector('notif-inbox')).to.be.accessible();
  });
});
