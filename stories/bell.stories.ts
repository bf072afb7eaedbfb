import { html, nothing } from 'lit';
import { action } from 'storybook/actions';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import '../src/components/bell/bell.js';
import '../src/components/inbox/inbox.js';
import {
  SUBSCRIBER,
  allSeenSeed,
  appBar,
  darkPage,
  darkStory,
  elementArgTypes,
  inboxStore,
  narrow,
  rtlPage,
  stayInStory,
} from './helpers.js';
import type { ElementArgs, InboxFixtureOptions } from './helpers.js';
import type { NotifBell } from '../src/components/bell/bell.component.js';
import type { MockService } from '../src/mock/index.js';

/**
 * A bell in an app bar, over a fresh mock service shaped by `options`; `prepare` may change the mock's data
 * before the first request.
 */
function withService(
  options: InboxFixtureOptions = {},
  prepare?: (mock: MockService) => void,
): StoryObj<ElementArgs>['render'] {
  return (args) => {
    const { mock, store } = inboxStore(options);
    prepare?.(mock);
    return html`<div @notif-message-click=${stayInStory}>
      ${appBar(
        html`<notif-bell
          .store=${store}
          theme=${args.theme ?? nothing}
          locale=${args.locale ?? nothing}
          @notif-open-change=${action('notif-open-change')}
          @notif-action=${action('notif-action')}
        ></notif-bell>`,
      )}
    </div>`;
  };
}

/** Opens the bell's panel once the story is rendered. */
async function openBell({ canvasElement }: { canvasElement: HTMLElement }): Promise<void> {
  const bell = canvasElement.querySelector<NotifBell>('notif-bell');
  if (!bell) return;
  await bell.updateComplete;
  bell.show();
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
    docs: { story: { height: '36rem' } },
  },
  render: withService(),
};

export default meta;
type Story = StoryObj<ElementArgs>;

/**
 * In an app bar, with the unseen count of the seeded inbox. Opening it marks the messages shown as seen.
 * In these stories a message click stays in Storybook: its URL goes to the Actions panel (`stayInStory`).
 */
export const Default: Story = {};

/**
 * 120 new messages arrived (`mock.addMessages(120, 'usr_priya_raman')`): the badge shows "99+". The store
 * counts the loaded messages, so this story loads pages of 100.
 */
export const ManyUnseen: Story = {
  name: 'Many unseen',
  render: withService({ store: { pageSize: 100 } }, (mock) => mock.addMessages(120, SUBSCRIBER)),
};

/** The panel opened by `bell.show()` after the first render. Escape or a click outside closes it. */
export const Open: Story = { play: openBell };

/** `theme="dark"` on a dark page, opened. */
export const Dark: Story = { ...darkStory, decorators: [darkPage], play: openBell };

/** Inside `<div dir="rtl" lang="ar">`, opened: the bar mirrors and the panel aligns with the bell's left edge. */
export const RTL: Story = { decorators: [rtlPage], play: openBell };

/**
 * A phone-wide (360 px) container, opened. Below a 480 px viewport the panel spans the viewport's width,
 * whatever the container: this story selects the 360 px "Phone" viewport of the toolbar so that it shows.
 */
export const Narrow: Story = {
  decorators: [narrow('360px')],
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: openBell,
};

/** Every message already seen: no badge, and the label says there is nothing new. */
export const NoUnseen: Story = { name: 'No unseen', render: withService({ seed: allSeenSeed() }) };
