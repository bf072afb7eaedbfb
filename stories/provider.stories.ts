import { html, nothing } from 'lit';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import '../src/components/provider/provider.js';
import '../src/components/bell/bell.js';
import '../src/components/inbox/inbox.js';
import '../src/components/preferences/preferences.js';
import type { NotifInbox } from '../src/components/inbox/inbox.component.js';
import { createMockService, type MockService } from '../src/mock/index.js';
import { appBar, BASE_URL, elementArgTypes, stayInStory, SUBSCRIBER, type ElementArgs } from './helpers.js';

/**
 * A new message arrives on the mock service, and the inbox refreshes at once instead of waiting for its next
 * poll (every 30 s with the provider's default store). The bell shares the store, so its badge follows.
 */
function deliver(mock: MockService, event: Event): void {
  mock.addMessage(SUBSCRIBER);
  const provider = (event.currentTarget as HTMLElement).closest('notif-provider');
  void provider?.querySelector<NotifInbox>('notif-inbox')?.activeStore?.refresh();
}

const meta: Meta<ElementArgs> = {
  title: 'Elements/Provider',
  component: 'notif-provider',
  tags: ['autodocs'],
  argTypes: elementArgTypes,
  parameters: {
    layout: 'fullscreen',
    liveControls: ['theme', 'locale'],
    docs: { story: { height: '48rem' } },
  },
};

export default meta;
type Story = StoryObj<ElementArgs>;

/**
 * One `<notif-provider>` connects a bell, an inbox and the preferences: it makes the client and the stores
 * from its attributes (`base-url`, `subscriber-id`, `api-key`) and its `.fetch` (here the mock service's),
 * and the elements inside need no attributes of their own. The bell and the inbox share one inbox store.
 *
 * "New message arrives" adds a message to the mock and refreshes the inbox: the bell's badge, the inbox's
 * list and its unread count update together, and screen readers hear the arrival.
 */
export const AllElements: Story = {
  name: 'All elements',
  render: (args) => {
    const mock = createMockService({ latencyMs: 250 });
    const theme = args.theme ?? nothing;
    return html`<notif-provider
      base-url=${BASE_URL}
      subscriber-id=${SUBSCRIBER}
      api-key=${mock.apiKey}
      locale=${args.locale ?? nothing}
      .fetch=${mock.fetch}
    >
      <div @notif-message-click=${stayInStory}>
        ${appBar(
          html`<button type="button" @click=${(event: Event) => deliver(mock, event)}>
              New message arrives
            </button>
            <notif-bell theme=${theme}></notif-bell>`,
        )}
        <div
          style="display: grid; grid-template-columns: repeat(auto-fit, minmax(20rem, 1fr)); gap: 1.5rem; padding: 1rem; align-items: start"
        >
          <notif-inbox theme=${theme} style="border: 1px solid #8886; border-radius: 8px"></notif-inbox>
          <notif-preferences
            theme=${theme}
            style="border: 1px solid #8886; border-radius: 8px"
          ></notif-preferences>
        </div>
      </div>
    </notif-provider>`;
  },
};
