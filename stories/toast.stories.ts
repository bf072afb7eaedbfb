import { html, nothing } from 'lit';
import { action } from 'storybook/actions';
import { waitFor } from 'storybook/test';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import '../src/components/bell/bell.js';
import '../src/components/toast/toast.js';
import type { Message } from '../src/client/types.js';
import type { RowRenderers } from '../src/components/inbox/render-hooks.js';
import type { NotifRowContext } from '../src/components/inbox/render-hooks.js';
import type { ToastPosition } from '../src/components/toast/toast.js';
import type { MockService } from '../src/mock/index.js';
import type { InboxStore } from '../src/store/index.js';
import { SUBSCRIBER, about, appBar, darkStory, elementArgTypes, inboxStore, stayInStory } from './helpers.js';
import type { ElementArgs } from './helpers.js';

/** The story's controls: the element's, and the toast's corner and duration. */
interface ToastArgs extends ElementArgs {
  position?: ToastPosition;
  duration?: number;
}

/**
 * A new message arrives, as the store hears one from a poll or the live stream: the mock gets a realistic
 * message (a different sender and kind each time), and the store refreshes.
 */
function arrive(mock: MockService, store: InboxStore, partial: Partial<Message> = {}): void {
  mock.addMessage(SUBSCRIBER, partial);
  void store.refresh();
}

/**
 * An app bar with a bell, the page's toasts over the same store, and a button that makes a message arrive.
 * `arrivals` messages arrive once the first page is loaded (toasts show arrivals, never the first load).
 */
function page(args: ToastArgs, options: { hooks?: RowRenderers; arrivals?: number } = {}) {
  const { mock, store } = inboxStore({ latencyMs: 150 });
  const stop = store.$loaded.subscribe((loaded) => {
    if (!loaded) return;
    queueMicrotask(() => stop());
    for (let i = 0; i < (options.arrivals ?? 2); i++) mock.addMessage(SUBSCRIBER);
    void store.refresh();
  });
  const hooks = options.hooks ?? {};
  return html`${appBar(
      html`<button type="button" @click=${() => arrive(mock, store)}>Send a notification</button>
        <notif-bell
          .store=${store}
          theme=${args.theme ?? nothing}
          locale=${args.locale ?? nothing}
          hide-settings
        ></notif-bell>`,
    )}
    <notif-toast
      .store=${store}
      position=${args.position ?? nothing}
      duration=${args.duration ?? nothing}
      theme=${args.theme ?? nothing}
      locale=${args.locale ?? nothing}
      .renderMessage=${hooks.renderMessage}
      .renderAvatar=${hooks.renderAvatar}
      .renderSubject=${hooks.renderSubject}
      .renderBody=${hooks.renderBody}
      .renderActions=${hooks.renderActions}
      @notif-message-click=${stayInStory}
      @notif-action=${action('notif-action')}
      @notif-error=${action('notif-error')}
    ></notif-toast>`;
}

type PlayContext = { canvasElement: HTMLElement };

/** Waits until the story's toasts show. */
async function toastsShown({ canvasElement }: PlayContext): Promise<void> {
  await waitFor(
    () => {
      const toasts = [...canvasElement.querySelectorAll('notif-toast')];
      if (!toasts.every((toast) => toast.shadowRoot?.querySelector('[part~="toast"]')))
        throw new Error('No toast yet.');
    },
    { timeout: 5000 },
  );
}

const meta: Meta<ToastArgs> = {
  title: 'Elements/Toast',
  component: 'notif-toast',
  tags: ['autodocs'],
  argTypes: {
    ...elementArgTypes,
    position: {
      control: 'select',
      options: ['top-end', 'bottom-end', 'top-start', 'bottom-start'],
      description: 'The corner; `end` is the right in English, the left in Arabic. Default `top-end`.',
    },
    duration: { control: 'number', description: 'Milliseconds a toast stays unless hovered or focused.' },
  },
  // Long enough to look at: hover or focus pauses them anyway.
  args: { duration: 20_000 },
  parameters: {
    layout: 'fullscreen',
    // Toasts are fixed to the viewport: each story of the docs page gets a frame of its own.
    docs: { story: { inline: false, height: '24rem' } },
  },
  render: (args) => page(args),
};

export default meta;
type Story = StoryObj<ToastArgs>;

/**
 * Two messages arrive after the first load: two toasts at the top end, the newest nearest the corner.
 * "Send a notification" makes another one arrive (three at most show; a fourth pushes the oldest out).
 * Hover or focus pauses their timers; Escape dismisses the focused one; a click opens the message.
 */
export const Default: Story = {
  parameters: about(
    'Arrivals as toasts at the top end of the page. At most three show; each leaves after its duration unless hovered or focused. A click acts as a message click (here: the Actions panel).',
  ),
  play: toastsShown,
};

/** Dark. */
export const Dark: Story = {
  ...darkStory,
  parameters: about('The same toasts in the dark theme.'),
  play: toastsShown,
};

/** The four corners at once: one `<notif-toast>` per `position`, over one store. */
export const Positions: Story = {
  parameters: about(
    'The four corners: `top-end` (the default), `bottom-end`, `top-start` and `bottom-start`. They are logical: in a right-to-left page `end` is the left.',
  ),
  render: (args) => {
    const { mock, store } = inboxStore({ latencyMs: 150 });
    const stop = store.$loaded.subscribe((loaded) => {
      if (!loaded) return;
      queueMicrotask(() => stop());
      arrive(mock, store);
    });
    const corners: ToastPosition[] = ['top-end', 'bottom-end', 'top-start', 'bottom-start'];
    return html`<button
        type="button"
        style="margin: 45vh auto; display: block"
        @click=${() => arrive(mock, store)}
      >
        Send a notification
      </button>
      ${corners.map(
        (position) =>
          html`<notif-toast
            .store=${store}
            position=${position}
            duration=${args.duration ?? nothing}
            theme=${args.theme ?? nothing}
            @notif-message-click=${stayInStory}
          ></notif-toast>`,
      )}`;
  },
  play: toastsShown,
};

/** A right-to-left page in Arabic: the toasts at the top left. */
export const RTL: Story = {
  args: { locale: 'ar' },
  decorators: [(story) => html`<div dir="rtl" lang="ar">${story()}</div>`],
  parameters: about('In Arabic, right to left: `top-end` is the top left corner.'),
  play: toastsShown,
};

/** A toast row of the app's own, from the same `renderMessage` hook as the inbox's. */
const customRow = (message: Message, context: NotifRowContext) =>
  html`<div style="display: grid; gap: 0.25rem">
    <div style="display: flex; gap: 0.5rem; align-items: baseline">
      <strong style="flex: 1">${context.subject}</strong>
      <small style="opacity: 0.75">${context.time}</small>
    </div>
    ${
      context.buttons.length > 0
        ? html`<div>
            <button type="button" @click=${() => context.pressAction(0)}>
              ${context.buttons[0]!.content}
            </button>
          </div>`
        : nothing
    }
    <span style="display: none">${message._id}</span>
  </div>`;

/**
 * `renderMessage`, as on the inbox: the toast shows the app's own content. A click on it still opens the
 * message; its own button fires `notif-action` and dismisses the toast.
 */
export const CustomRow: Story = {
  parameters: about(
    'The same render hooks as the inbox: here `renderMessage` gives a subject, a time and the first call-to-action button. The toast keeps its dismiss button, Escape, its timers and the click that opens the message.',
  ),
  render: (args) =>
    page(args, {
      arrivals: 2,
      hooks: { renderMessage: customRow },
    }),
  play: toastsShown,
};
