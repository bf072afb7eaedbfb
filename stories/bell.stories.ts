import { html, nothing } from 'lit';
import { action } from 'storybook/actions';
import { waitFor } from 'storybook/test';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import '../src/components/bell/bell.js';
import '../src/components/inbox/inbox.js';
import {
  FOREVER_MS,
  SUBSCRIBER,
  about,
  appBar,
  darkPage,
  darkStory,
  elementArgTypes,
  inboxStore,
  markAllSeen,
  narrow,
  preferencesStore,
  rtlPage,
  stayInStory,
} from './helpers.js';
import type { ElementArgs, InboxFixtureOptions } from './helpers.js';
import type { NotifBell } from '../src/components/bell/bell.component.js';
import type { NotifPreferences } from '../src/components/preferences/preferences.component.js';
import { EMPTY, type MockService } from '../src/mock/index.js';
import type { RowRenderers } from '../src/components/inbox/render-hooks.js';

/** How a story sets up its bell. */
interface BellOptions {
  /** The mock service behind the bell's inbox store. */
  service?: InboxFixtureOptions;
  /** Changes the mock's data before the first request. */
  prepare?: (mock: MockService) => void;
  /** Sets `hide-settings`. */
  hideSettings?: boolean;
  /** Render hooks passed to the bell's inbox. */
  hooks?: RowRenderers;
  /** Children of the bell (its `empty`, `error`, `loading` or `icon` slots). */
  slotted?: unknown;
  /** `badge` attribute. */
  badge?: 'count' | 'dot' | 'none';
  /** `density` attribute. */
  density?: 'comfortable' | 'compact';
}

/**
 * A bell in an app bar, over a fresh mock service, with a preferences store of its own for the settings view.
 * A message click stays in the story: `stayInStory` cancels it and sends its URL to the Actions panel.
 */
function withService(options: BellOptions = {}): StoryObj<ElementArgs>['render'] {
  return (args) => {
    const { mock, store } = inboxStore(options.service);
    options.prepare?.(mock);
    const preferences = preferencesStore().store;
    return html`<div @notif-message-click=${stayInStory}>
      ${appBar(
        html`<notif-bell
          .store=${store}
          .preferencesStore=${preferences}
          ?hide-settings=${options.hideSettings ?? false}
          badge=${options.badge ?? nothing}
          density=${options.density ?? nothing}
          .renderMessage=${options.hooks?.renderMessage}
          .renderAvatar=${options.hooks?.renderAvatar}
          .renderSubject=${options.hooks?.renderSubject}
          .renderBody=${options.hooks?.renderBody}
          .renderActions=${options.hooks?.renderActions}
          theme=${args.theme ?? nothing}
          locale=${args.locale ?? nothing}
          @notif-open-change=${action('notif-open-change')}
          @notif-action=${action('notif-action')}
          @notif-preferences-change=${action('notif-preferences-change')}
          @notif-error=${action('notif-error')}
          >${options.slotted ?? nothing}</notif-bell
        >`,
      )}
    </div>`;
  };
}

type PlayContext = { canvasElement: HTMLElement };

/** Opens the bell's panel once the story is rendered; resolves with the bell once its inbox shows messages. */
async function shownBell({ canvasElement }: PlayContext): Promise<NotifBell | undefined> {
  const bell = canvasElement.querySelector<NotifBell>('notif-bell');
  if (!bell) return undefined;
  await bell.updateComplete;
  bell.show();
  await bell.updateComplete;
  await waitFor(
    () => {
      const inbox = bell.shadowRoot?.querySelector('[part="inbox"]');
      if (!inbox?.shadowRoot?.querySelector('[part~="item"], [part~="empty"]'))
        throw new Error('The panel shows no messages yet.');
    },
    { timeout: 5000 },
  );
  return bell;
}

/** A story's play function: opens the bell's panel. */
async function openBell(context: PlayContext): Promise<void> {
  await shownBell(context);
}

/** Opens the panel, then presses its settings button; resolves once the preferences are shown. */
async function openSettings(context: PlayContext): Promise<void> {
  const bell = await shownBell(context);
  bell?.shadowRoot?.querySelector<HTMLButtonElement>('[part="settings"]')?.click();
  await bell?.updateComplete;
  await waitFor(
    () => {
      const preferences = bell?.shadowRoot?.querySelector<NotifPreferences>('[part="preferences"]');
      if (!preferences?.activeStore?.$preferences.get())
        throw new Error('The preferences are not shown yet.');
    },
    { timeout: 5000 },
  );
}

const meta: Meta<ElementArgs> = {
  title: 'Elements/Bell',
  component: 'notif-bell',
  tags: ['autodocs'],
  argTypes: elementArgTypes,
  parameters: {
    layout: 'fullscreen',
    liveControls: ['theme', 'locale'],
    // The open panel is in the top layer: give each story of the docs page room for it.
    docs: { story: { height: '44rem' } },
  },
  render: withService(),
};

export default meta;
type Story = StoryObj<ElementArgs>;

// ---------------------------------------------------------------------------------------------------------
// Closed: the badge

/**
 * In an app bar, with the unseen count of the seeded inbox. Opening it marks the messages shown as seen.
 * The first page of 20 holds 5 unseen messages and the service has more, so the badge reads "5+".
 */
export const Default: Story = {
  parameters: about(
    'The bell at the end of an app bar with a red badge, "5+": five new notifications among those loaded, ' +
      'and maybe more. Clicking the bell opens the inbox under it.',
  ),
};

/** Three messages, all unseen, and no more pages: the count is exact. */
export const ExactCount: Story = {
  name: 'Badge: exact count',
  parameters: about(
    'Three notifications the user has not seen yet: a round red badge reading "3" on the top corner of ' +
      'the bell. Screen readers hear "Notifications, 3 unseen".',
  ),
  render: withService({ service: { seed: 'empty' }, prepare: (mock) => mock.addMessages(3, SUBSCRIBER) }),
};

/** 25 unseen messages: the first page holds 20 of them and the service has more, so the count is a floor. */
export const LowerBound: Story = {
  name: 'Badge: lower bound',
  parameters: about(
    'At least twenty new notifications: the badge grows into a pill reading "20+", since only the first ' +
      'page is loaded and the bell never understates.',
  ),
  render: withService({ service: { seed: 'empty' }, prepare: (mock) => mock.addMessages(25, SUBSCRIBER) }),
};

/**
 * 120 new messages arrived (`mock.addMessages(120, 'usr_priya_raman')`): the badge shows "99+". The store
 * counts the loaded messages, so this story loads pages of 100.
 */
export const ManyUnseen: Story = {
  name: 'Badge: overflow',
  parameters: about('More than 99 new notifications: a "99+" pill, no wider however many there are.'),
  render: withService({
    service: { store: { pageSize: 100 } },
    prepare: (mock) => mock.addMessages(120, SUBSCRIBER),
  }),
};

/** Every message already seen: no badge, and the label says there is nothing new. */
export const NoUnseen: Story = {
  name: 'No unseen',
  parameters: about('Nothing new: the bell alone, with no badge. Screen readers hear just "Notifications".'),
  render: withService({ prepare: markAllSeen }),
};

// ---------------------------------------------------------------------------------------------------------
// Open

/** The panel opened by `bell.show()` after the first render. Escape or a click outside closes it. */
export const Open: Story = {
  parameters: about(
    'The bell pressed: the inbox opens in a panel under it, aligned with its end, with a settings button ' +
      'in the header. The badge goes as the messages shown are marked seen. Escape or a click outside ' +
      'closes it.',
  ),
  play: openBell,
};

/**
 * Opened on a phone. Below a 480 px viewport the panel is a full-screen sheet, whatever the container: this
 * story selects the 360 px "Phone" viewport of the toolbar (in the docs page, where viewports do not apply,
 * it shows the wide-screen panel; open the story on its own to see the sheet).
 */
export const Narrow: Story = {
  name: 'Open on a phone',
  decorators: [narrow('360px')],
  globals: { viewport: { value: 'phone', isRotated: false } },
  parameters: about(
    'On a phone (360 px wide) the inbox covers the whole screen as a sheet, with a close button next to ' +
      'the settings button, and the page behind does not scroll. Select the "Phone" viewport to see it.',
  ),
  play: openBell,
};

/** Opened, then the settings button pressed: `<notif-preferences>` (loaded on first use) fills the panel. */
export const SettingsOpen: Story = {
  name: 'Settings open',
  parameters: about(
    'The settings button pressed: the panel shows the notification preferences under a "Settings" title, ' +
      'with a Back button that returns to the inbox.',
  ),
  play: openSettings,
};

/** `hide-settings`, opened: the panel has no settings button, so no settings view. */
export const HideSettings: Story = {
  name: 'Hide settings',
  parameters: about(
    'For apps that keep preferences on a page of their own: the open panel has no settings button, only ' +
      'the inbox.',
  ),
  render: withService({ hideSettings: true }),
  play: openBell,
};

// ---------------------------------------------------------------------------------------------------------
// Theme and direction

/**
 * `theme="dark"` on a dark page, opened. Its store keeps the messages unseen (`markSeenOnOpen: false`) so
 * that the badge stays next to the open panel.
 */
export const Dark: Story = {
  ...darkStory,
  decorators: [darkPage],
  parameters: about(
    "The dark theme in a dark app bar, opened: a softer red badge ringed with the bar's colour on the " +
      'bell, and the panel in dark colours under it.',
  ),
  render: withService({ service: { store: { markSeenOnOpen: false } } }),
  play: openBell,
};

/**
 * Inside `<div dir="rtl" lang="ar">`, opened: the bar mirrors and the panel aligns with the bell's left edge.
 * Its store keeps the messages unseen (`markSeenOnOpen: false`) so that the badge stays in view.
 */
export const RTL: Story = {
  decorators: [rtlPage],
  render: withService({ service: { store: { markSeenOnOpen: false } } }),
  parameters: about(
    "A right-to-left page in Arabic: the bell sits at the left end of the bar, its badge on the bell's " +
      "top-left corner, and the panel opens aligned with the bell's left edge, its content mirrored.",
  ),
  play: openBell,
};

// ---------------------------------------------------------------------------------------------------------
// Styling

/**
 * Restyled from outside: `--notif-bell-size`, `--notif-bell-badge-color` and `--notif-bell-panel-width`, and
 * the inbox's parts through the bell, with their `inbox-` prefix (`::part(inbox-item-unread)`).
 */
export const CustomStyling: Story = {
  name: 'Custom styling',
  parameters: about(
    "The bell in an app's brand: a larger bell, a teal badge, a wider panel and teal bars at the start " +
      'of unread messages, set from the page through CSS custom properties and `::part()`.',
  ),
  render: (args, context) =>
    html`<style>
        .branded notif-bell {
          --notif-bell-size: 3rem;
          --notif-bell-badge-color: #0f766e;
          --notif-bell-panel-width: 28rem;
          --notif-color-accent: #0f766e;
        }
        .branded notif-bell::part(badge) {
          font-size: 0.75rem;
        }
        .branded notif-bell::part(inbox-item-unread) {
          box-shadow: inset 4px 0 0 #0f766e;
        }
        .branded notif-bell::part(inbox-unread-marker) {
          display: none;
        }
      </style>
      <div class="branded">${withService()!(args, context)}</div>`,
  play: openBell,
};

/**
 * A brand applied with tokens and parts only, no code: compact rows, a quiet outline primary action, a dot
 * badge, its own hover and focus colours, and the settings view's switches squared through
 * `::part(preferences-…)`.
 */
export const Brand: Story = {
  name: 'Brand (tokens and parts only)',
  parameters: about(
    "A whole brand from the page's stylesheet: teal accent, compact rows, a dot for the badge, an outline " +
      'primary button, warm hover and focus colours, and square switches in the settings view (through ' +
      '`::part(preferences-switch-track)`). Open the settings to see them.',
  ),
  render: (args, context) =>
    html`<style>
        .brand notif-bell {
          --notif-color-accent: #0f766e;
          --notif-bell-badge-color: #0f766e;
          --notif-row-unread-bg: #f0fdfa;
          --notif-row-hover-bg: #ccfbf1;
          --notif-row-selected-bg: #99f6e4;
          --notif-action-primary-bg: transparent;
          --notif-action-primary-color: #0f766e;
          --notif-action-primary-border: #0f766e;
          --notif-font-family: Georgia, 'Times New Roman', serif;
        }
        .brand notif-bell::part(inbox-subject) {
          font-weight: 600;
        }
        .brand notif-bell::part(preferences-switch-track),
        .brand notif-bell::part(preferences-switch-thumb) {
          border-radius: 3px;
        }
        .brand notif-bell::part(preferences-section) {
          border-color: #99f6e4;
        }
      </style>
      <div class="brand">${withService({ density: 'compact', badge: 'dot' })!(args, context)}</div>`,
  play: openBell,
};

/** `badge="dot"`: a dot instead of the count; the bell's name still says how many are unseen. */
export const BadgeDot: Story = {
  name: 'Badge as a dot',
  parameters: about(
    'A dot on the bell instead of the count (`badge="dot"`); screen readers still hear "Notifications, 5 ' +
      'unseen". `badge="none"` shows nothing.',
  ),
  render: withService({ badge: 'dot' }),
};

// ---------------------------------------------------------------------------------------------------------
// Custom rows

/** The bell's inbox with rows drawn by the app (`renderMessage` on the bell, passed to its inbox). */
export const CustomRow: Story = {
  name: 'Custom row (renderMessage)',
  parameters: about(
    'The bell passes its render hooks to the inbox in its panel: each row is the subject, its time and a ' +
      '"Done" button drawn by the app. Arrow keys, Enter and the unread state work as with the default rows.',
  ),
  render: withService({
    hooks: {
      renderMessage: (message, context) =>
        html`<div style="display: flex; gap: 0.5rem; align-items: baseline">
          <strong style="flex: 1">${message.subject}</strong>
          <small>${context.time}</small>
          ${
            context.read
              ? nothing
              : html`<button tabindex=${context.focused ? 0 : -1} @click=${() => context.markAs('read')}>
                  Done
                </button>`
          }
        </div>`,
    },
  }),
  play: openBell,
};

// ---------------------------------------------------------------------------------------------------------
// The panel's states, replaced through the bell's slots

const slottedState = (text: string, hint: string) => (slot: string) =>
  html`<div slot=${slot} style="padding: 2.5rem 1rem; text-align: center">
    <p style="margin: 0; font-weight: 600">${text}</p>
    <p style="margin: 0.25rem 0 0">${hint}</p>
  </div>`;

/** The `empty` slot of the bell reaches the inbox in its panel. */
export const SlottedEmpty: Story = {
  name: 'Slotted empty state',
  parameters: about(
    'An app\'s own empty state, given to the bell (`<div slot="empty">`): the bell passes it on to the ' +
      'inbox in its panel.',
  ),
  render: withService({
    service: { subscriberId: EMPTY },
    slotted: slottedState('Inbox zero', 'New activity in your projects shows up here.')('empty'),
  }),
  play: openBell,
};

/** The `error` slot of the bell, shown when the list cannot be loaded. */
export const SlottedError: Story = {
  name: 'Slotted error state',
  parameters: about(
    "An app's own error state, given to the bell's `error` slot, while the service answers 503.",
  ),
  render: withService({
    service: { fail: { method: 'GET', path: '/v1/messages', status: 503, times: 100 } },
    slotted: slottedState('Notifications are taking a break', 'Try again in a minute.')('error'),
  }),
  play: async ({ canvasElement }) => {
    canvasElement.querySelector<NotifBell>('notif-bell')?.show();
  },
};

/** The `loading` slot of the bell, shown while the first page loads (here: never). */
export const SlottedLoading: Story = {
  name: 'Slotted loading state',
  parameters: about("An app's own loading state, given to the bell's `loading` slot."),
  render: withService({
    service: { latencyMs: FOREVER_MS },
    slotted: slottedState('Fetching your news…', 'One moment.')('loading'),
  }),
  play: async ({ canvasElement }) => {
    canvasElement.querySelector<NotifBell>('notif-bell')?.show();
  },
};
