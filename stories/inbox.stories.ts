import { html, nothing } from 'lit';
import { action } from 'storybook/actions';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import '../src/components/inbox/inbox.js';
import type { EmailBlock } from '../src/client/types.js';
import { EMPTY } from '../src/mock/index.js';
import {
  darkStory,
  elementArgTypes,
  FOREVER_MS,
  frame,
  inboxStore,
  manyMessages,
  rtlPage,
  staticInboxStore,
  type ElementArgs,
  type InboxFixtureOptions,
} from './helpers.js';
import type { InboxStore } from '../src/store/index.js';

/** `<notif-inbox>` over `store`, with the story's controls and its events sent to the Actions panel. */
function inbox(args: ElementArgs, store: InboxStore, slotted: unknown = nothing) {
  return html`<notif-inbox
    .store=${store}
    theme=${args.theme ?? nothing}
    locale=${args.locale ?? nothing}
    .navigate=${action('navigate')}
    @notif-message-click=${action('notif-message-click')}
    @notif-action=${action('notif-action')}
    @notif-new-messages=${action('notif-new-messages')}
    >${slotted}</notif-inbox
  >`;
}

/** A story rendering an inbox over a fresh mock service shaped by `options`. */
function withService(options: InboxFixtureOptions = {}): StoryObj<ElementArgs>['render'] {
  return (args) => inbox(args, inboxStore(options).store);
}

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

/** The seeded inbox of `usr_priya_raman`: 60 messages in pages of 20, some unread, with avatars and buttons. */
export const Default: Story = {};

/** The first page never arrives (the mock answers after about eleven days): the skeleton stays. */
export const Loading: Story = { render: withService({ latencyMs: FOREVER_MS }) };

/** `usr_empty` has no messages. */
export const Empty: Story = { render: withService({ subscriberId: EMPTY }) };

/**
 * The first three `GET /v1/messages` answer 503: the list shows its error state. Each "Try again" is one more
 * request, so the fourth attempt (the third click) loads the inbox.
 */
export const LoadError: Story = {
  name: 'Error',
  render: withService({ fail: { method: 'GET', path: '/v1/messages', status: 503, times: 3 } }),
};

/**
 * Every mark-as answers 500. Click "Mark as read" on an unread message (or "Mark all as read"): the message
 * turns read at once, then rolls back and a banner says the change could not be saved.
 */
export const ActionError: Story = {
  name: 'Action error',
  render: withService({
    fail: { method: 'POST', path: /\/messages\/mark-as$/, status: 500, times: Infinity },
  }),
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

/**
 * Subjects and bodies far longer than a row, an unbroken word wider than the panel, and content made of
 * text and button blocks: rows wrap and never scroll sideways.
 */
export const LongContent: Story = {
  name: 'Long content',
  render: withService({
    seed: 'empty',
    messages: [
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
    ],
  }),
};

/**
 * Ten thousand loaded messages (from the mock's generator, in a store without a service): only the rows
 * in view are rendered. Try End and Home on a focused message.
 */
export const ManyMessages: Story = {
  name: 'Many messages',
  render: (args) => inbox(args, staticInboxStore(manyMessages())),
};

/** Messages with primary and secondary call-to-action buttons; pressing one fires `notif-action`. */
export const ActionButtons: Story = {
  name: 'Action buttons',
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

/** `theme="dark"` on a dark page. */
export const Dark: Story = { ...darkStory };

/** Inside `<div dir="rtl" lang="ar">`: the layout mirrors, and dates and numbers follow the locale. */
export const RTL: Story = { decorators: [rtlPage] };

/** A 320 px wide container: the header wraps and rows keep their buttons. */
export const Narrow: Story = { parameters: { frame: { width: '320px' } } };

/** The `empty` slot replaces the default empty state. */
export const CustomEmptySlot: Story = {
  name: 'Custom empty slot',
  render: (args) =>
    inbox(
      args,
      inboxStore({ subscriberId: EMPTY }).store,
      html`<div slot="empty" style="padding: 2rem 1rem; text-align: center">
        <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" fill="currentColor">
          <path d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" />
        </svg>
        <p style="margin: 0.5rem 0 0; font-weight: 600">You're all caught up</p>
        <p style="margin: 0.25rem 0 0; opacity: 0.75">New activity in your projects will show up here.</p>
      </div>`,
    ),
};

/**
 * Restyled from outside: global tokens (`--notif-color-*`, `--notif-radius-m`, `--notif-font-family`),
 * component tokens (`--notif-inbox-avatar-size`) and `::part()` rules, all in the host page's stylesheet.
 */
export const CustomStyling: Story = {
  name: 'Custom styling',
  render: (args) =>
    html`<style>
        .branded notif-inbox {
          --notif-color-accent: #0f766e;
          --notif-color-unread-surface: #f0fdfa;
          --notif-color-border: #99f6e4;
          --notif-radius-m: 14px;
          --notif-font-family: Georgia, 'Times New Roman', serif;
          --notif-inbox-avatar-size: 2.75rem;
          --notif-inbox-max-height: 24rem;
        }
        .branded notif-inbox::part(title) {
          text-transform: uppercase;
          letter-spacing: 0.08em;
        }
        .branded notif-inbox::part(item-unread) {
          box-shadow: inset 4px 0 0 #0f766e;
        }
        .branded notif-inbox::part(avatar) {
          border-radius: 6px;
        }
        .branded notif-inbox::part(action-primary) {
          border-radius: 999px;
        }
      </style>
      <div class="branded">${inbox(args, inboxStore().store)}</div>`,
};

/** `locale="de"`, with the German table registered by `registerTranslation('de', de)` (in `.storybook/preview.ts`). */
export const Localised: Story = { args: { locale: 'de' } };
