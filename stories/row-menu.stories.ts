import { html, nothing } from 'lit';
import { action } from 'storybook/actions';
import { waitFor } from 'storybook/test';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import '../src/components/inbox/inbox.js';
import type { NotifInbox } from '../src/components/inbox/inbox.component.js';
import type { NotifRowAction } from '../src/components/inbox/row-actions.js';
import { createPreferencesStore } from '../src/store/preferences.js';
import {
  about,
  darkStory,
  elementArgTypes,
  frame,
  inboxStore,
  rtlPage,
  SUBSCRIBER,
  type ElementArgs,
} from './helpers.js';

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

/** Two host items: one for every message, one only for failed payments. */
const ROW_ACTIONS: NotifRowAction[] = [
  { id: 'archive', label: 'Archive', icon: archive, handler: action('archive') },
  {
    id: 'update-payment',
    label: 'Update payment method',
    shownFor: (message) => message.templateIdentifier === 'payment-failed',
    handler: action('update-payment'),
  },
];

/** An inbox over the mock service, with its preferences store (for "Turn off notifications like this"). */
function render(args: ElementArgs, rowActions?: NotifRowAction[], failSaves = false) {
  const { mock, client, store } = inboxStore();
  if (failSaves) mock.fail({ status: 500, method: 'PATCH', path: '/v2/subscribers', times: 100 });
  const preferences = createPreferencesStore(client, { subscriberId: SUBSCRIBER });
  return html`<notif-inbox
    .store=${store}
    .preferencesStore=${preferences}
    .rowActions=${rowActions}
    theme=${args.theme ?? nothing}
    locale=${args.locale ?? nothing}
    .navigate=${action('navigate')}
    @notif-row-action=${action('notif-row-action')}
    @notif-error=${action('notif-error')}
  ></notif-inbox>`;
}

type PlayContext = { canvasElement: HTMLElement };

/** Opens the first row's menu, once the preferences say whether "Turn off" is offered. */
async function openFirstMenu({ canvasElement }: PlayContext): Promise<NotifInbox> {
  const el = canvasElement.querySelector<NotifInbox>('notif-inbox')!;
  const more = await waitFor(
    () => {
      const found = el.shadowRoot?.querySelector<HTMLElement>('[data-action="row-menu"]');
      if (!found) throw new Error('No row yet.');
      return found;
    },
    { timeout: 5000 },
  );
  more.focus();
  more.click();
  await waitFor(
    () => {
      if (!el.shadowRoot?.querySelector('[data-item="turn-off"]:not([aria-disabled])'))
        throw new Error('The menu is not ready.');
    },
    { timeout: 5000 },
  );
  return el;
}

const meta: Meta<ElementArgs> = {
  title: 'Features/Row menu',
  component: 'notif-inbox',
  argTypes: elementArgTypes,
  decorators: [frame()],
  parameters: { liveControls: ['theme', 'locale'] },
  render: (args) => render(args, ROW_ACTIONS),
};

export default meta;
type Story = StoryObj<ElementArgs>;

/** Hover or focus a row: its tools show "Mark as read / unread" and "More actions". */
export const Default: Story = {
  parameters: about(
    'Each row has a "More actions" button beside its read/unread button (shown on hover and focus, always ' +
      'on touch screens). Its menu has Mark as read / unread, "Turn off notifications like this" (not for ' +
      "critical workflows, nor for messages without one), and the host's `rowActions`.",
  ),
};

/** The first row's menu open (a play function). */
export const Open: Story = {
  play: async (context) => {
    await openFirstMenu(context);
  },
};

/** "Turn off notifications like this" chosen: the status with Undo (a play function). */
export const TurnedOff: Story = {
  play: async (context) => {
    const el = await openFirstMenu(context);
    el.shadowRoot!.querySelector<HTMLElement>('[data-item="turn-off"]')!.click();
  },
};

/** Every preferences update answers 500: the change is rolled back, with a visible error (a play function). */
export const TurnOffFails: Story = {
  render: (args) => render(args, undefined, true),
  play: async (context) => {
    const el = await openFirstMenu(context);
    el.shadowRoot!.querySelector<HTMLElement>('[data-item="turn-off"]')!.click();
  },
};

export const OpenDark: Story = { ...darkStory, play: Open.play };

export const OpenRTL: Story = { decorators: [rtlPage], args: { locale: 'ar' }, play: Open.play };
