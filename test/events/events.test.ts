import { expect, oneEvent } from '@open-wc/testing';
import type { Message, SubscriberPreferences } from '../../src/client/types.js';
import {
  NotifActionEvent,
  NotifErrorEvent,
  NotifMessageClickEvent,
  NotifNewMessagesEvent,
  NotifOpenChangeEvent,
  NotifPreferencesChangeEvent,
} from '../../src/events/index.js';

const message = {
  _id: '65f1c0a8e4b0a1b2c3d4e5f6',
  _environmentId: 'env',
  _organizationId: 'org',
  _notificationId: 'n1',
  _subscriberId: 's1',
  createdAt: '2024-05-10T12:00:00.000Z',
  transactionId: 't1',
  channel: 'in_app',
  read: false,
  seen: false,
  cta: {
    type: 'redirect',
    data: { url: '/orders/42' },
    action: { buttons: [{ type: 'primary', content: 'Open' }] },
  },
  status: 'sent',
} satisfies Message;

const preferences: SubscriberPreferences = {
  global: { enabled: true, channels: { email: false, in_app: true } },
  workflows: [],
};

/** An element with an open shadow root, from which the events are dispatched. */
function shadowSource(): { host: HTMLElement; inner: HTMLElement } {
  const host = document.createElement('div');
  const root = host.attachShadow({ mode: 'open' });
  const inner = document.createElement('button');
  root.append(inner);
  document.body.append(host);
  return { host, inner };
}

const cases = [
  {
    name: 'notif-message-click',
    make: () => new NotifMessageClickEvent({ message, url: 'https://example.com/orders/42' }),
    cancelable: true,
  },
  {
    name: 'notif-action',
    make: () => new NotifActionEvent({ message, button: message.cta.action.buttons[0]!, index: 0 }),
    cancelable: true,
  },
  { name: 'notif-open-change', make: () => new NotifOpenChangeEvent({ open: true }), cancelable: false },
  {
    name: 'notif-preferences-change',
    make: () => new NotifPreferencesChangeEvent({ preferences, change: { channels: { email: false } } }),
    cancelable: false,
  },
  {
    name: 'notif-error',
    make: () => new NotifErrorEvent({ error: new Error('boom'), operation: 'markAs' }),
    cancelable: false,
  },
  {
    name: 'notif-new-messages',
    make: () => new NotifNewMessagesEvent({ messages: [message] }),
    cancelable: false,
  },
] as const;

describe('events', () => {
  let source: ReturnType<typeof shadowSource>;

  beforeEach(() => {
    source = shadowSource();
  });

  afterEach(() => {
    source.host.remove();
  });

  for (const { name, make, cancelable } of cases) {
    describe(name, () => {
      it('has its name, and leaves the shadow root up to the document', async () => {
        const event = make();
        expect(event.type).to.equal(name);
        expect(event).to.be.instanceOf(CustomEvent);
        const heard = oneEvent(document, name);
        source.inner.dispatchEvent(event);
        const received = await heard;
        expect(received).to.equal(event);
        // Retargeted: outside the shadow root, the event comes from the host element.
        expect(received.target).to.equal(source.host);
      });

      it(cancelable ? 'can be canceled by the host page' : 'cannot be canceled', () => {
        const event = make();
        document.addEventListener(name, (e) => e.preventDefault(), { once: true });
        const notCanceled = source.inner.dispatchEvent(event);
        expect(event.cancelable).to.equal(cancelable);
        expect(event.defaultPrevented).to.equal(cancelable);
        expect(notCanceled).to.equal(!cancelable);
      });
    });
  }

  it('carries typed details to typed listeners', async () => {
    const clicks: (string | undefined)[] = [];
    const actions: string[] = [];
    const opens: boolean[] = [];
    const operations: string[] = [];
    const counts: number[] = [];
    const channels: (boolean | undefined)[] = [];
    // The listener parameters are typed by GlobalEventHandlersEventMap: no casts needed.
    document.addEventListener('notif-message-click', (e) => clicks.push(e.detail.url), { once: true });
    document.addEventListener(
      'notif-action',
      (e) => actions.push(`${e.detail.index}:${e.detail.button.content}`),
      {
        once: true,
      },
    );
    document.addEventListener('notif-open-change', (e) => opens.push(e.detail.open), { once: true });
    document.addEventListener('notif-error', (e) => operations.push(e.detail.operation), { once: true });
    document.addEventListener('notif-new-messages', (e) => counts.push(e.detail.messages.length), {
      once: true,
    });
    document.addEventListener(
      'notif-preferences-change',
      (e) => channels.push(e.detail.change.channels?.email, e.detail.preferences.global.channels.in_app),
      { once: true },
    );

    for (const { make } of cases) source.inner.dispatchEvent(make());

    expect(clicks).to.deep.equal(['https://example.com/orders/42']);
    expect(actions).to.deep.equal(['0:Open']);
    expect(opens).to.deep.equal([true]);
    expect(operations).to.deep.equal(['markAs']);
    expect(counts).to.deep.equal([1]);
    expect(channels).to.deep.equal([false, true]);
  });

  it('names each event on its class', () => {
    expect(NotifMessageClickEvent.eventName).to.equal('notif-message-click');
    expect(NotifActionEvent.eventName).to.equal('notif-action');
    expect(NotifOpenChangeEvent.eventName).to.equal('notif-open-change');
    expect(NotifPreferencesChangeEvent.eventName).to.equal('notif-preferences-change');
    expect(NotifErrorEvent.eventName).to.equal('notif-error');
    expect(NotifNewMessagesEvent.eventName).to.equal('notif-new-messages');
  });
});
