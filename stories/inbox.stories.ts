import { html, nothing } from 'lit';
import { action } from 'storybook/actions';
import { waitFor } from 'storybook/test';
import type { Decorator, Meta, StoryObj } from '@storybook/web-components-vite';
import '../src/components/inbox/inbox.js';
import type { EmailBlock, Message } from '../src/client/types.js';
import type { InboxView, NotifInbox } from '../src/components/inbox/inbox.component.js';
import type { RowRenderers } from '../src/components/inbox/render-hooks.js';
import { EMPTY } from '../src/mock/index.js';
import {
  about,
  darkStory,
  elementArgTypes,
  FOREVER_MS,
  frame,
  inboxStore,
  manyMessages,
  rtlPage,
  type ElementArgs,
  type InboxFixtureOptions,
} from './helpers.js';
import type { InboxStore } from '../src/store/index.js';

/** What a story's `inbox()` may set besides its store. */
interface InboxOptions {
  /** Content for the inbox's slots (`empty`, `header-actions`...). */
  slotted?: unknown;
  /** The view shown first. Default `all`. */
  view?: InboxView;
  /** Render hooks (`renderMessage`, `renderAvatar`...). */
  hooks?: RowRenderers;
  /** `density` attribute. */
  density?: 'comfortable' | 'compact';
}

/**
 * `<notif-inbox>` over `store`, with the story's controls and its events sent to the Actions panel. A message
 * click never leaves the story: `navigate` sends the URL to the Actions panel instead.
 */
function inbox(args: ElementArgs, store: InboxStore, options: InboxOptions = {}) {
  return html`<notif-inbox
    .store=${store}
    view=${options.view ?? nothing}
    density=${options.density ?? nothing}
    theme=${args.theme ?? nothing}
    locale=${args.locale ?? nothing}
    .navigate=${action('navigate')}
    .renderMessage=${options.hooks?.renderMessage}
    .renderAvatar=${options.hooks?.renderAvatar}
    .renderSubject=${options.hooks?.renderSubject}
    .renderBody=${options.hooks?.renderBody}
    .renderActions=${options.hooks?.renderActions}
    @notif-message-click=${action('notif-message-click')}
    @notif-action=${action('notif-action')}
    @notif-new-messages=${action('notif-new-messages')}
    @notif-error=${action('notif-error')}
    >${options.slotted ?? nothing}</notif-inbox
  >`;
}

/**
 * A story rendering an inbox over a fresh mock service shaped by `options`; `prepare` may change the mock
 * (add messages, arm faults) before the first request.
 */
function withService(
  options: InboxFixtureOptions = {},
  inboxOptions: InboxOptions = {},
  prepare?: (mock: ReturnType<typeof inboxStore>['mock']) => void,
): StoryObj<ElementArgs>['render'] {
  return (args) => {
    const { mock, store } = inboxStore(options);
    prepare?.(mock);
    return inbox(args, store, inboxOptions);
  };
}

type PlayContext = { canvasElement: HTMLElement };

/** The story's inbox once it shows its first messages. */
async function loadedInbox({ canvasElement }: PlayContext): Promise<NotifInbox> {
  const el = canvasElement.querySelector<NotifInbox>('notif-inbox');
  if (!el) throw new Error('The story has no <notif-inbox>.');
  await waitFor(
    () => {
      if (!el.shadowRoot?.querySelector('[part~="item"]')) throw new Error('No message is shown yet.');
    },
    { timeout: 5000 },
  );
  return el;
}

/** The first element of the inbox's shadow root that matches `selector`, once there is one. */
async function inShadow<T extends HTMLElement>(el: NotifInbox, selector: string): Promise<T> {
  return waitFor(
    () => {
      const found = el.shadowRoot?.querySelector<T>(selector);
      if (!found) throw new Error(`Nothing matches ${selector} yet.`);
      return found;
    },
    { timeout: 5000 },
  );
}

/** A flex column 900 px tall, as an app's side panel or page region that gives the inbox its height. */
const tallContainer: Decorator = (story) =>
  html`<div style="display: flex; flex-direction: column; block-size: 900px">${story()}</div>`;

const meta: Meta<ElementArgs> = {
  title: 'Elements/Inbox',
  component: 'notif-inbox',
  tags: ['autodocs'],
  argTypes: elementArgTypes,
  decorators: [frame()],
  parameters: {
    liveControls: ['theme', 'locale'],
  },
  render: withService(),
};

export default meta;
type Story = StoryObj<ElementArgs>;

// ---------------------------------------------------------------------------------------------------------
// Messages

/** The seeded inbox of `usr_priya_raman`: 60 messages in pages of 20, some unread, with avatars and buttons. */
export const Default: Story = {
  parameters: about(
    'The inbox as most people see it: newest first, unread messages on a tinted row with a dot at their ' +
      "start, read ones plain. Each row has the sender's avatar (their initials while the picture is " +
      'missing, a bell for messages from the system), the subject with its time, a two-line body and ' +
      'the message\'s buttons. "Unread" in the header counts what is left to read; scrolling to the end ' +
      'loads the next page.',
  ),
};

/**
 * One row per avatar case. The fixtures' pictures live on `cdn.northwind.example.com`, which Storybook cannot
 * reach: the initials under the picture show, as they do while a picture loads or after it fails.
 */
export const Avatars: Story = {
  parameters: about(
    "Who sent each message, at a glance: the sender's picture, or their initials when there is none or it " +
      'cannot load ("MC", "LO"), initials in the name\'s own script (Arabic, Chinese), and a neutral bell ' +
      'for messages that come from the system rather than a person.',
  ),
  render: withService({
    seed: 'empty',
    messages: [
      {
        subject: 'Maya Chen mentioned you',
        content: "Can you confirm the API freeze date before Friday's sync?",
        avatar: 'https://cdn.northwind.example.com/avatars/maya-chen.png',
        payload: { actor: { name: 'Maya Chen' } },
        cta: {},
      },
      {
        subject: "Liam O'Connor replied to your comment",
        content: 'Agreed, let us move the offline mode to Q1.',
        avatar: undefined,
        payload: { actor: { firstName: 'Liam', lastName: "O'Connor" } },
        cta: {},
      },
      {
        subject: 'A document was shared with you by ليلى حداد',
        content: 'Quarterly report, Middle East region.',
        avatar: undefined,
        payload: { actor: 'ليلى حداد' },
        read: true,
        seen: true,
        cta: {},
      },
      {
        subject: '王芳 assigned you a task',
        content: 'Translate the onboarding emails into Simplified Chinese.',
        avatar: undefined,
        payload: { actor: { name: '王芳' } },
        read: true,
        seen: true,
        cta: {},
      },
      {
        subject: 'Build #4821 passed on main',
        content: 'All 1,284 tests passed in 6m 12s.',
        avatar: undefined,
        payload: {},
        read: true,
        seen: true,
        cta: {},
      },
    ],
  }),
};

/** Messages with primary and secondary call-to-action buttons; pressing one fires `notif-action`. */
export const ActionButtons: Story = {
  name: 'Action buttons',
  parameters: about(
    'Messages that ask for something: a filled primary button ("Accept", "Update card", "Start review") ' +
      'and an outlined secondary one, under the body, in the order the sender gave them.',
  ),
  render: withService({
    seed: 'empty',
    messages: [
      {
        subject: 'Maya Chen invited you to the workspace "Northwind Design"',
        content: 'Join to see the design reviews and the component library.',
        cta: {
          type: 'redirect',
          data: { url: 'https://app.northwind.example.com/invitations/inv_1' },
          action: {
            status: 'pending',
            buttons: [
              { type: 'primary', content: 'Accept' },
              { type: 'secondary', content: 'Decline' },
            ],
          },
        },
      },
      {
        subject: 'Payment failed for invoice INV-2025-0142',
        content: 'We could not charge the card ending in 4242. Update it to keep your plan.',
        cta: { action: { buttons: [{ type: 'primary', content: 'Update card' }] } },
      },
      {
        subject: 'Daniel Okafor asked you to review "API style guide"',
        content: 'Two sections changed since your last review.',
        cta: {
          action: {
            buttons: [
              { type: 'secondary', content: 'Remind me tomorrow' },
              { type: 'primary', content: 'Start review' },
            ],
          },
        },
      },
    ],
  }),
};

/** The first message focused (a play function), as after Tab or a click on its row. */
export const FocusedMessage: Story = {
  name: 'Focused message',
  parameters: about(
    'The first message has the keyboard focus: a focus ring around the row, and the "Mark as read" ' +
      'button in place of its time (the same tools show when the pointer is over a row). Arrow keys move ' +
      'between messages.',
  ),
  play: async (context) => {
    const el = await loadedInbox(context);
    (await inShadow(el, '[part~="item"]')).focus();
  },
};

const longWord = 'Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichenhersteller'.repeat(3);
const blocks: EmailBlock[] = [
  {
    type: 'text',
    content:
      'Your export of 184,220 rows finished with warnings. Rows 1,204 to 1,388 had dates in an unknown ' +
      'format and were left empty; the rest of the file is complete and ready to download.',
  },
  { type: 'text', content: `The file is named ${longWord}.csv.`, styles: { textAlign: 'left' } },
  { type: 'button', content: 'Download the export', url: 'https://app.northwind.example.com/exports/exp_1' },
  { type: 'text', content: 'This link expires in 7 days.', styles: { textAlign: 'right' } },
];

const longMessages: InboxFixtureOptions['messages'] = [
  {
    subject:
      'Sofia Alvarez, Daniel Okafor, Wei Zhang and 14 others commented on "Q4 roadmap review: platform, ' +
      'mobile, payments and the data warehouse migration plan (draft 7, do not circulate)"',
    content: (
      'I went through the whole plan again and I think we are over-committed in November. ' +
      'The data warehouse migration alone needs two people for the full month, and the payments work ' +
      'depends on the new ledger, which is not scheduled before December. Could we move the mobile ' +
      'offline mode to Q1 and keep the quarter for the migration and the ledger? I also left comments ' +
      'on every section where the estimates look optimistic. '
    ).repeat(2),
  },
  { subject: longWord, content: `${longWord} ${longWord}` },
  { subject: 'Your export is ready (with warnings)', content: blocks },
  { subject: undefined, title: undefined, content: 'A message with neither subject nor title.' },
];

/**
 * Subjects and bodies far longer than a row, an unbroken word wider than the panel, and content made of
 * text and button blocks: rows wrap and never scroll sideways.
 */
export const LongContent: Story = {
  name: 'Long content',
  parameters: about(
    'Long subjects wrap; long bodies stop after two lines with a "Show more" link over the end of the ' +
      'second line. A word wider than the panel breaks instead of pushing the row sideways, and a message ' +
      'with no subject shows its body alone.',
  ),
  render: withService({ seed: 'empty', messages: longMessages }),
};

/** `LongContent` with "Show more" pressed on the first message (a play function). */
export const LongContentExpanded: Story = {
  name: 'Long content, expanded',
  parameters: about(
    'The first message after "Show more": its whole body shows, with "Show less" under it to fold it ' +
      'back to two lines. The other long messages stay folded.',
  ),
  render: withService({ seed: 'empty', messages: longMessages }),
  play: async (context) => {
    const el = await loadedInbox(context);
    (await inShadow(el, 'article[data-clamped] [part~="show-more"]')).click();
    await el.updateComplete;
  },
};

/**
 * Ten thousand loaded messages (from the mock's generator, all in the mock's first answer): only the rows
 * in view are rendered. Try End and Home on a focused message.
 */
export const ManyMessages: Story = {
  name: 'Many messages',
  parameters: about(
    'Ten thousand messages scroll as smoothly as twenty: the list looks like any other, with "Unread" ' +
      'counting them all. Home and End on a focused message jump to the first and the last.',
  ),
  loaders: [async () => ({ messages: await manyMessages() })],
  render: (args, { loaded }) =>
    inbox(args, inboxStore({ allMessages: loaded['messages'] as readonly Message[] }).store),
};

// ---------------------------------------------------------------------------------------------------------
// Loading, empty and error states

/** The first page never arrives (the mock answers after about eleven days): the skeleton stays. */
export const Loading: Story = {
  parameters: about(
    'While the first messages load: grey rows shaped like messages (avatar, subject, time, body) pulse ' +
      'where the list will be, under the header. Screen readers hear "Loading notifications".',
  ),
  render: withService({ latencyMs: FOREVER_MS }),
};

/** `usr_empty` has no messages. */
export const Empty: Story = {
  parameters: about(
    'Someone with no notifications at all: a drawing, "No notifications yet" and a line saying where they ' +
      'will appear. "Mark all as read" is disabled.',
  ),
  render: withService({ subscriberId: EMPTY }),
};

/** Three messages, all read, with `view="unread"`. */
export const EmptyUnread: Story = {
  name: 'Empty unread view',
  parameters: about(
    'The Unread view when everything has been read: a check drawing, "You\'re all caught up" and a hint ' +
      'that read messages are under All. Switching to All shows the three read messages.',
  ),
  render: withService(
    {
      seed: 'empty',
      messages: [
        { subject: 'Build #4900 passed on main', read: true, seen: true },
        { subject: 'Sofia Alvarez replied to your comment', read: true, seen: true },
        { subject: 'Your export is ready', read: true, seen: true },
      ],
    },
    { view: 'unread' },
  ),
};

/** The `empty` slot replaces the default empty state. */
export const CustomEmptySlot: Story = {
  name: 'Custom empty slot',
  parameters: about(
    "An app's own empty state in place of the default one, through the `empty` slot: its own icon, " +
      'title and text.',
  ),
  render: (args) =>
    inbox(args, inboxStore({ subscriberId: EMPTY }).store, {
      slotted: html`<div slot="empty" style="padding: 2rem 1rem; text-align: center">
        <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" fill="currentColor">
          <path d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" />
        </svg>
        <p style="margin: 0.5rem 0 0; font-weight: 600">Nothing new in your projects</p>
        <p style="margin: 0.25rem 0 0; opacity: 0.75">New activity in your projects will show up here.</p>
      </div>`,
    }),
};

/**
 * The first three `GET /v1/messages` answer 503: the list shows its error state. Each "Try again" is one more
 * request, so the fourth attempt (the third click) loads the inbox.
 */
export const LoadError: Story = {
  name: 'Error',
  parameters: about(
    'The service is down: a drawing, "Notifications could not be loaded", the reason in plain words ' +
      '("The notification service is having trouble right now.") and a "Try again" button. The third ' +
      'click on it loads the messages.',
  ),
  render: withService({ fail: { method: 'GET', path: '/v1/messages', status: 503, times: 3 } }),
};

/** The first `GET /v1/messages` rejects as a browser's fetch does offline (`mock.networkError`). */
export const NetworkError: Story = {
  name: 'Network error',
  parameters: about(
    'The device is offline: "Notifications could not be loaded" with a reason that points at the ' +
      'connection, and "Try again", which loads the messages.',
  ),
  render: withService({}, {}, (mock) => mock.networkError({ method: 'GET', path: '/v1/messages' })),
};

/**
 * Every mark-as answers 500. The play function presses "Mark as read" on the first unread message: the
 * message turns read at once, then rolls back and the banner shows. "Mark all as read" fails the same way.
 */
export const ActionError: Story = {
  name: 'Action error',
  parameters: about(
    'A change that could not be saved: the message that was marked read turns unread again, and a banner ' +
      'under the header says "The change could not be saved. It has been undone.", with "Dismiss".',
  ),
  render: withService({
    fail: { method: 'POST', path: /\/messages\/mark-as$/, status: 500, times: Infinity },
  }),
  play: async (context) => {
    const el = await loadedInbox(context);
    (await inShadow(el, '[part~="item-unread"] [part~="toggle-read"]')).click();
    await inShadow(el, '[part~="action-error"]');
  },
};

// ---------------------------------------------------------------------------------------------------------
// Layout

/** A flex column 900 px tall around the inbox: the inbox takes its height and the list fills the rest. */
export const TallContainer: Story = {
  name: 'Fills a tall container',
  decorators: [tallContainer],
  parameters: about(
    'In a region 900 px tall (a side panel, a page section): the inbox fills it to the bottom, the header ' +
      'stays at the top and only the list scrolls.',
  ),
};

/** The default frame, which gives the inbox no height: the list takes `--notif-inbox-height` (30rem). */
export const NoContainerHeight: Story = {
  name: 'Container without a height',
  parameters: about(
    "In a container that sets no height (a card in a page's flow): the list is 30rem tall " +
      '(`--notif-inbox-height`) and scrolls, so the inbox never grows with its messages.',
  ),
};

/** A 20rem (320 px) wide container. */
export const Narrow: Story = {
  parameters: {
    ...about(
      'In a 20rem (320 px) column: "Mark all as read" shrinks to its icon (its name stays for screen ' +
        'readers), subjects wrap, bodies stop at two lines with "Show more", and the ' +
        'buttons of a message wrap onto more lines when they need to.',
    ),
    frame: { width: '20rem' },
  },
};

// ---------------------------------------------------------------------------------------------------------
// Theme, direction and language

/** `theme="dark"` on a dark page. */
export const Dark: Story = {
  ...darkStory,
  parameters: about(
    'The dark theme: light text on a dark surface, unread rows a shade lighter, the accent a lighter ' +
      'blue so that it reads on the dark background.',
  ),
};

/** Inside `<div dir="rtl" lang="ar">`: the layout mirrors, and dates and numbers follow the locale. */
export const RTL: Story = {
  decorators: [rtlPage],
  parameters: about(
    'A right-to-left page in Arabic: the inbox loads the Arabic table; the title, unread dot and avatar ' +
      'move to the right, "Mark all as read", the times and the buttons to the left, and relative times ' +
      'read in Arabic ("قبل 5 دقائق"). Each message keeps the direction of its own text, lined up at the right.',
  ),
};

/** `locale="de"`: the element loads the German table the package ships. */
export const Localised: Story = {
  args: { locale: 'de' },
  parameters: about(
    'In German: "Benachrichtigungen", "Alle als gelesen markieren", "Alle" and "Ungelesen", "vor 5 m" ' +
      'and "Mehr anzeigen" come from the German table and `Intl`; the messages themselves stay as the ' +
      'service sent them.',
  ),
};

// ---------------------------------------------------------------------------------------------------------
// Styling

/**
 * Restyled from outside: global tokens (`--notif-color-*`, `--notif-radius-m`, `--notif-font-family`),
 * component tokens (`--notif-inbox-avatar-size`, `--notif-inbox-max-height`) and `::part()` rules, all in the
 * host page's stylesheet.
 */
export const CustomStyling: Story = {
  name: 'Custom styling',
  parameters: about(
    "The inbox in an app's own brand: teal accent, a serif type, square avatars, a teal bar at the start " +
      'of unread messages, pill-shaped buttons and an uppercase title, all set from the page through CSS ' +
      'custom properties and `::part()`.',
  ),
  render: (args) =>
    html`<style>
        .branded notif-inbox {
          --notif-color-accent: #0f766e;
          --notif-color-unread-surface: #f0fdfa;
          --notif-color-border: #99f6e4;
          --notif-radius-m: 14px;
          --notif-radius-s: 999px;
          --notif-font-family: Georgia, 'Times New Roman', serif;
          --notif-inbox-avatar-size: 2.5rem;
          --notif-inbox-max-height: 28rem;
        }
        .branded notif-inbox::part(title) {
          text-transform: uppercase;
          letter-spacing: 0.08em;
        }
        .branded notif-inbox::part(item) {
          border-block-end-style: dashed;
        }
        .branded notif-inbox::part(item-unread) {
          box-shadow: inset 4px 0 0 #0f766e;
        }
        .branded notif-inbox::part(unread-marker) {
          display: none;
        }
        .branded notif-inbox::part(avatar) {
          border-radius: 6px;
        }
        .branded notif-inbox::part(subject) {
          font-weight: 700;
          color: #134e4a;
        }
        .branded notif-inbox::part(time) {
          font-style: italic;
        }
        .branded notif-inbox::part(content) {
          color: #115e59;
        }
        .branded notif-inbox::part(show-more) {
          font-weight: 700;
        }
        .branded notif-inbox::part(tools) {
          border-radius: 999px;
        }
        .branded notif-inbox::part(toggle-read) {
          color: #0f766e;
        }
        .branded notif-inbox::part(actions) {
          gap: 0.5rem;
        }
        .branded notif-inbox::part(action-primary) {
          text-transform: uppercase;
          letter-spacing: 0.04em;
        }
      </style>
      <div class="branded">${inbox(args, inboxStore().store)}</div>`,
};

// ---------------------------------------------------------------------------------------------------------
// Custom rows: render hooks

/** A row of the app's own: a compact line with the subject, the time and a "Done" button. */
export const CustomRow: Story = {
  name: 'Custom row (renderMessage)',
  parameters: about(
    'Every row drawn by the app through `renderMessage`: the subject in bold with its time, the body on one ' +
      'line, and a "Done" button that marks the message read through `context.markAs`. The inbox still owns ' +
      'the row around it: arrow keys, Enter, the unread tint and virtualization work as with its own rows.',
  ),
  render: withService(
    {},
    {
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
    },
  ),
};

/** Square avatars with a coloured letter from `renderAvatar`. */
export const CustomAvatar: Story = {
  name: 'Custom avatar (renderAvatar)',
  parameters: about(
    'The avatar drawn by the app: a rounded square with the first letter of the subject. The rest of each ' +
      'row is the default one.',
  ),
  render: withService(
    {},
    {
      hooks: {
        renderAvatar: (message) =>
          html`<span
            style="display: grid; place-items: center; inline-size: 2rem; block-size: 2rem; border-radius: 6px; background: #0f766e; color: white; font-weight: 700"
            >${(message.subject ?? '?').slice(0, 1)}</span
          >`,
      },
    },
  ),
};

/** A subject with a label before it, from `renderSubject`; a string would be shown as text. */
export const CustomSubject: Story = {
  name: 'Custom subject (renderSubject)',
  parameters: about(
    'Subjects drawn by the app: unread ones start with a "New" label. The subject still names the row for ' +
      'screen readers.',
  ),
  render: withService(
    {},
    {
      hooks: {
        renderSubject: (message, context) =>
          context.read
            ? undefined
            : html`<span style="font-size: 0.7rem; text-transform: uppercase; color: #0f766e">New</span>
                ${message.subject}`,
      },
    },
  ),
};

/** The body as a plain string: shown as text, never as HTML. */
export const CustomBody: Story = {
  name: 'Custom body (renderBody)',
  parameters: about(
    'The body replaced by a string from `renderBody`, for example a summary the app makes: strings are ' +
      'shown as text, so markup in them shows literally.',
  ),
  render: withService(
    {},
    {
      hooks: {
        renderBody: (message) =>
          `${typeof message.content === 'string' ? message.content.slice(0, 60) : 'Rich message'} <b>(not bold)</b>`,
      },
    },
  ),
};

/** One link-styled button per message from `renderActions`, pressing the first call to action. */
export const CustomActions: Story = {
  name: 'Custom actions (renderActions)',
  parameters: about(
    'The buttons drawn by the app: one text button per message that has calls to action, which presses the ' +
      'first (`context.pressAction(0)`: fires `notif-action` and marks the message read). Messages without ' +
      'buttons show none (`null`).',
  ),
  render: withService(
    {},
    {
      hooks: {
        renderActions: (_message, context) =>
          context.buttons.length
            ? html`<button
                style="border: 0; background: none; color: #0f766e; font-weight: 600; padding: 0; cursor: pointer"
                tabindex=${context.focused ? 0 : -1}
                @click=${() => context.pressAction(0)}
              >
                ${context.buttons[0]?.content} →
              </button>`
            : null,
      },
    },
  ),
};

/** `density="compact"`: tighter rows, a smaller avatar, one line of body. */
export const Compact: Story = {
  name: 'Compact density',
  parameters: about(
    'The inbox with `density="compact"`: rows of at most 64 px for a message without buttons, a 1.5rem ' +
      'avatar, a one-line body with "Show more"; the unread dot stays on the subject\'s line.',
  ),
  render: withService({}, { density: 'compact' }),
};
