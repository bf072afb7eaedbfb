import { html, nothing } from 'lit';
import { action } from 'storybook/actions';
import { waitFor } from 'storybook/test';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import '../src/components/bell/bell.js';
import '../src/components/inbox/inbox.js';
import type { NotifInbox } from '../src/components/inbox/inbox.component.js';
import {
  about,
  darkStory,
  elementArgTypes,
  frame,
  inboxStore,
  rtlPage,
  type ElementArgs,
  type InboxFixtureOptions,
} from './helpers.js';

/** `<notif-inbox selectable>` over a fresh mock service; its events go to the Actions panel. */
function selectable(
  options: InboxFixtureOptions = {},
  prepare?: (mock: ReturnType<typeof inboxStore>['mock']) => void,
): StoryObj<ElementArgs>['render'] {
  return (args) => {
    const { mock, store } = inboxStore(options);
    prepare?.(mock);
    return html`<notif-inbox
      selectable
      .store=${store}
      theme=${args.theme ?? nothing}
      locale=${args.locale ?? nothing}
      .navigate=${action('navigate')}
      @notif-message-click=${action('notif-message-click')}
      @notif-error=${action('notif-error')}
    ></notif-inbox>`;
  };
}

type PlayContext = { canvasElement: HTMLElement };

/** Selects the first three rows as a person does: a click, then a Shift-click on the third. */
async function selectThree({ canvasElement }: PlayContext): Promise<void> {
  const el = canvasElement.querySelector<NotifInbox>('notif-inbox')!;
  const boxes = await waitFor(
    () => {
      const found = [...(el.shadowRoot?.querySelectorAll<HTMLElement>('article [part="select"]') ?? [])];
      if (found.length < 3) throw new Error('The rows have no checkboxes yet.');
      return found;
    },
    { timeout: 5000 },
  );
  for (const [index, shiftKey] of [
    [0, false],
    [2, true],
  ] as const) {
    boxes[index]!.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, shiftKey }));
  }
  await el.updateComplete;
}

const meta: Meta<ElementArgs> = {
  title: 'Features/Selecting many',
  component: 'notif-inbox',
  tags: ['autodocs'],
  argTypes: elementArgTypes,
  decorators: [frame()],
  parameters: { liveControls: ['theme', 'locale'] },
  render: selectable(),
};

export default meta;
type Story = StoryObj<ElementArgs>;

/** `selectable`, nothing selected yet: a checkbox per row and "Select all" above the list. */
export const Selectable: Story = {
  parameters: about(
    'With `selectable`, every row starts with a checkbox named by its subject, and "Select all" sits above ' +
      'the list. Click a checkbox, then Shift-click another to select the rows between; on a focused row, ' +
      'Space toggles it, Shift+Space selects from the last toggled row, Shift+arrows extend the selection ' +
      'and Escape clears it.',
  ),
};

/** Three rows selected with a click and a Shift-click: the bulk bar shows the count and the actions. */
export const BulkBar: Story = {
  name: 'Bulk bar',
  parameters: about(
    'Three rows selected (a click, then a Shift-click): the bar shows "3 selected" and Mark as read, Mark ' +
      'as unread, Mark as seen and Clear. An action changes the rows at once and is sent as one mark-as ' +
      'request per 100 messages; the selection stays for another action.',
  ),
  play: selectThree,
};

export const BulkBarDark: Story = {
  name: 'Bulk bar, dark',
  ...darkStory,
  play: selectThree,
};

export const BulkBarRtl: Story = {
  name: 'Bulk bar, right to left',
  args: { locale: 'ar' },
  decorators: [rtlPage],
  play: selectThree,
};

/** The service refuses every mark-as: the rows go back as they were and the error banner says so. */
export const FailedBulkAction: Story = {
  name: 'Failed bulk action',
  parameters: about(
    'The service refuses every mark-as here. Select rows and press Mark as read: they show read at once, ' +
      'then go back to unread when the request fails, under "The change could not be saved. It has been undone."',
  ),
  render: selectable({}, (mock) =>
    mock.fail({ status: 500, method: 'POST', path: /mark-as/, times: Infinity }),
  ),
  play: selectThree,
};

/** The bell passes `selectable` to its panel's inbox. */
export const InTheBell: Story = {
  name: 'In the bell',
  parameters: about("`<notif-bell selectable>`: the panel's inbox has the checkboxes and the bulk bar."),
  render: (args) => {
    const { store } = inboxStore();
    return html`<notif-bell selectable open .store=${store} theme=${args.theme ?? nothing}></notif-bell>`;
  },
};
