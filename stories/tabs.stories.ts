import { html, nothing } from 'lit';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import '../src/components/provider/provider.js';
import '../src/components/bell/bell.js';
import '../src/components/inbox/inbox.js';
import type { NotifInboxTab } from '../src/components/inbox/inbox-tabs-hook.js';
import { createMockService } from '../src/mock/index.js';
import { createNotifProxy } from '../src/proxy/index.js';
import {
  appBar,
  darkStory,
  elementArgTypes,
  frame,
  rtlPage,
  stayInStory,
  SUBSCRIBER,
  type ElementArgs,
} from './helpers.js';

/**
 * The mock service behind the real proxy (with its live edge, for `GET /counts`), as an app's backend runs
 * it: the page's requests go to `/notif-api` through `.fetch`, the proxy adds the key and pins the user.
 */
function proxiedFetch(): (input: string, init: RequestInit) => Promise<Response> {
  const mock = createMockService({ latencyMs: 200, messagesPerSubscriber: 80 });
  const proxy = createNotifProxy({
    baseUrl: 'http://mock.internal',
    apiKey: mock.apiKey,
    fetch: mock.fetch,
    authenticate: () => SUBSCRIBER,
    basePath: '/notif-api',
    live: { watchIntervalMs: 0 },
  });
  return (input, init) => proxy(new Request(new URL(input, location.href), init));
}

/** A server-scoped tab (the seed puts half the messages in the Northwind tenant) and page-side filters. */
const TABS: NotifInboxTab[] = [
  { label: 'All' },
  { label: 'Northwind', contextKeys: ['tenant:northwind'] },
  { label: 'Mentions', workflow: 'comment-mention' },
  { label: 'Tasks', workflow: ['task-assigned', 'build-status'] },
  { label: 'Security', workflow: 'security-alert' },
];

const meta: Meta<ElementArgs> = {
  title: 'Features/Tabs',
  component: 'notif-inbox',
  tags: ['autodocs'],
  argTypes: elementArgTypes,
  decorators: [frame()],
  parameters: { liveControls: ['theme', 'locale'], docs: { story: { height: '40rem' } } },
  render: (args) =>
    html`<notif-provider
      base-url="/notif-api"
      subscriber-id=${SUBSCRIBER}
      locale=${args.locale ?? nothing}
      .fetch=${proxiedFetch()}
    >
      <notif-inbox
        theme=${args.theme ?? nothing}
        .tabs=${TABS}
        @notif-message-click=${stayInStory}
      ></notif-inbox>
    </notif-provider>`,
};

export default meta;
type Story = StoryObj<ElementArgs>;

/**
 * Tabs above the list. "Northwind" is scoped on the server: its list requests all carry
 * `contextKeys=tenant:northwind`, and its count is exact (the proxy's `GET /counts?contextKeys=…`). The other
 * tabs filter the loaded messages by workflow; their counts read "3+" while more pages exist. All / Unread
 * filter inside the selected tab. Arrow keys move between tabs (mirrored right to left), Home and End jump.
 */
export const Tabs: Story = {};

export const Dark: Story = { ...darkStory };

export const RightToLeft: Story = { name: 'Right to left', decorators: [rtlPage], args: { locale: 'ar' } };

/** The bell passes `tabs` (here as the JSON attribute) to the inbox of its panel. */
export const InTheBell: Story = {
  name: 'In the bell',
  decorators: [],
  render: (args) =>
    html`<notif-provider
      base-url="/notif-api"
      subscriber-id=${SUBSCRIBER}
      locale=${args.locale ?? nothing}
      .fetch=${proxiedFetch()}
    >
      ${appBar(
        html`<notif-bell
          theme=${args.theme ?? nothing}
          tabs=${JSON.stringify(TABS)}
          tab-storage-key="story.bell.tab"
          @notif-message-click=${stayInStory}
        ></notif-bell>`,
      )}
    </notif-provider>`,
};
