import { html, nothing } from 'lit';
import { action } from 'storybook/actions';
import { waitFor } from 'storybook/test';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import '../src/components/inbox/inbox.js';
import '../src/components/bell/bell.js';
import '../src/components/preferences/preferences.js';
import type { NotifPreferences } from '../src/components/preferences/preferences.component.js';
import { createPreferencesStore } from '../src/store/preferences.js';
import {
  darkStory,
  elementArgTypes,
  frame,
  inboxStore,
  mockClient,
  rtlPage,
  SUBSCRIBER,
  type ElementArgs,
} from './helpers.js';

/** Bodies in the Markdown subset, and one that tries what is outside it (it shows as text). */
const BODIES = [
  {
    subject: 'Deploy finished',
    content:
      '**api-gateway** is live on `production`.\nSee the [release notes](https://example.com/releases/4.2) for *what changed*.',
  },
  {
    subject: 'Three tasks are due today',
    content: '- Review **Q4 roadmap**\n- Approve `INV-1042`\n- Reply to _Maya Chen_',
  },
  {
    subject: 'Steps to finish your setup',
    content: '1. Verify your email\n2. Invite your team\n3. Connect **Slack**',
  },
  {
    subject: 'Security report',
    content: 'Blocked: [click me](javascript:alert(1)) <img src=x onerror=alert(1)> <b>stays</b> text.',
  },
];

/** An inbox with `body-format="markdown"` over a mock service holding the bodies above. */
function formattedInbox(args: ElementArgs) {
  const { mock, store } = inboxStore({ seed: 'empty' });
  for (const body of [...BODIES].reverse()) mock.addMessage(SUBSCRIBER, { ...body, cta: {} });
  return html`<notif-inbox
    .store=${store}
    body-format="markdown"
    theme=${args.theme ?? nothing}
    locale=${args.locale ?? nothing}
    .navigate=${action('navigate')}
    @notif-message-click=${action('notif-message-click')}
  ></notif-inbox>`;
}

const meta: Meta<ElementArgs> = {
  title: 'Features/Formatted bodies and time zone',
  tags: ['autodocs'],
  argTypes: elementArgTypes,
  decorators: [frame()],
  parameters: { liveControls: ['theme', 'locale'] },
  render: formattedInbox,
};

export default meta;
type Story = StoryObj<ElementArgs>;

/**
 * `body-format="markdown"`: *emphasis*, **strong**, `code`, links (http(s) and relative only), line breaks
 * and lists, rendered as elements, never as HTML. The last message tries a `javascript:` link and markup: the
 * link shows as its text, the markup as text. See docs/formatted-bodies.md.
 */
export const FormattedBodies: Story = { name: 'Formatted bodies' };

export const FormattedBodiesDark: Story = { name: 'Formatted bodies, dark', ...darkStory };

export const FormattedBodiesRtl: Story = { name: 'Formatted bodies, right to left', decorators: [rtlPage] };

/** The bell passes `body-format` to its panel's inbox. */
export const InTheBell: Story = {
  name: 'In the bell',
  render: (args) => {
    const { mock, store } = inboxStore({ seed: 'empty' });
    for (const body of [...BODIES].reverse()) mock.addMessage(SUBSCRIBER, { ...body, cta: {} });
    return html`<notif-bell
      .store=${store}
      body-format="markdown"
      theme=${args.theme ?? nothing}
      open
    ></notif-bell>`;
  },
};

/**
 * The schedule editor names the time zone its times are in and lets the person pick one: the subscriber's
 * saved zone (here `Europe/Paris`, given by the app), else the browser's. Saving sets the subscriber's
 * `timezone` first, then the schedule. See docs/time-zone.md.
 */
export const ScheduleTimeZone: Story = {
  name: 'Schedule time zone',
  render: (args) => {
    const { client } = mockClient();
    const store = createPreferencesStore(client, { subscriberId: SUBSCRIBER, timezone: 'Europe/Paris' });
    return html`<notif-preferences
      .store=${store}
      theme=${args.theme ?? nothing}
      locale=${args.locale ?? nothing}
      @notif-preferences-change=${action('notif-preferences-change')}
    ></notif-preferences>`;
  },
  play: async ({ canvasElement }) => {
    const el = canvasElement.querySelector<NotifPreferences>('notif-preferences');
    const edit = await waitFor(
      () => {
        const found = el?.shadowRoot?.querySelector<HTMLButtonElement>('[part~="edit"]');
        if (!found) throw new Error('The schedule is not shown yet.');
        return found;
      },
      { timeout: 5000 },
    );
    edit.click();
  },
};
