/**
 * Story fixtures: every story builds its own in-memory mock service, client and store inside its render
 * function, so stories never share state and each one can shape the service (latency, seed data, faults)
 * for the state it shows. The mock, client and stores come from `test/fixtures/store-in-state.ts`, shared
 * with the tests and the bench (a real store over the mock, never a fake). Copy these patterns into your own Storybook: import the mock from
 * `notif-elements/mock`, the client from `notif-elements/client` and the stores from `notif-elements/store`
 * instead of the relative `../src/...` paths used here.
 */
import { html, type TemplateResult } from 'lit';
import { action } from 'storybook/actions';
import type { Decorator, StoryObj } from '@storybook/web-components-vite';
import type {
  Message,
  PreferenceChannels,
  SubscriberPreferences,
  WorkflowListItem,
  WorkflowPreference,
} from '../src/client/types.js';
import type { NotifMessageClickEvent } from '../src/events/message-click.js';
import { createMockService, type MockSeed, type MockService } from '../src/mock/index.js';
import type { InboxStore } from '../src/store/index.js';
import * as fixtures from '../test/fixtures/store-in-state.js';
import { SUBSCRIBER, type InboxFixtureOptions, type MockOptions } from '../test/fixtures/store-in-state.js';

// The stores come from the fixture shared with the tests and the bench: a real store over the mock.
export { BASE_URL, FOREVER_MS, SUBSCRIBER } from '../test/fixtures/store-in-state.js';
export type { InboxFixtureOptions, MockOptions } from '../test/fixtures/store-in-state.js';

/** The latency of a story's mock unless it sets one: loading states flash as they would over a network. */
const STORY_LATENCY_MS = 250;

// ---------------------------------------------------------------------------------------------------------
// Mock service, client and stores

/** A mock service (250 ms latency unless `latencyMs` says otherwise) and a client talking to it. */
export function mockClient(options: MockOptions = {}): ReturnType<typeof fixtures.mockClient> {
  return fixtures.mockClient({ latencyMs: STORY_LATENCY_MS, ...options });
}

/**
 * A fresh mock service (250 ms latency unless `latencyMs` says otherwise) and an inbox store over it, for
 * `<notif-inbox .store=${store}>` or `<notif-bell .store=${store}>`. Polling and tab sync are off unless
 * `store` turns them on: the story drives arrivals itself (`mock.addMessage(...)` then `store.refresh()`).
 */
export function inboxStore(options: InboxFixtureOptions = {}): fixtures.InboxFixture {
  return fixtures.inboxStore({ latencyMs: STORY_LATENCY_MS, ...options });
}

/** A fresh mock service and a preferences store over it, for `<notif-preferences .store=${store}>`. */
export function preferencesStore(options: MockOptions = {}): fixtures.PreferencesFixture {
  return fixtures.preferencesStore({ latencyMs: STORY_LATENCY_MS, ...options });
}

let manyMessagesCache: Promise<readonly Message[]> | undefined;

/**
 * Ten thousand realistic in-app messages of `usr_priya_raman`, newest first, from the mock's own generator
 * (`messagesPerSubscriber: 10_000`). Built once per page. The default seed's messages load on demand, so
 * this is asynchronous: use it in a story's `loaders`.
 */
export function manyMessages(): Promise<readonly Message[]> {
  manyMessagesCache ??= (async () => {
    const mock = createMockService({ messagesPerSubscriber: 10_000 });
    await mock.ready;
    const subscriber = mock.db.subscribers.find((s) => s.subscriberId === SUBSCRIBER);
    const id = subscriber?._id ?? SUBSCRIBER;
    return mock.db.messages.filter((m) => m._subscriberId === id && m.channel === 'in_app');
  })();
  return manyMessagesCache;
}

/**
 * Marks every seeded message seen, for a story's `prepare`: the bell shows no badge. The default seed's
 * messages arrive when `mock.ready` resolves; the requests wait for that same promise, and its callbacks run
 * in order, so no request is answered before this has run.
 */
export function markAllSeen(mock: MockService): void {
  mock.ready.then(
    () => {
      for (const message of mock.db.messages) message.seen = true;
    },
    () => {
      // The data did not load: the story's requests fail with that error and show it.
    },
  );
}

/** The default preferences of `usr_priya_raman`, to change a part of for a story. */
export function fixturePreferences(): SubscriberPreferences {
  return structuredClone(createMockService().db.preferences[SUBSCRIBER]!);
}

const NOTIFICATION_TYPES: readonly { name: string; channels: PreferenceChannels; enabled?: boolean }[] = [
  { name: 'Comment mentions', channels: { in_app: true, email: false, push: true } },
  { name: 'Replies to your comments', channels: { in_app: true, email: true } },
  { name: 'Task assigned', channels: { in_app: true, email: true, push: true } },
  { name: 'Task due soon', channels: { in_app: true, push: true, sms: false } },
  { name: 'Task completed', channels: { in_app: false, email: true } },
  { name: 'Build status', channels: { in_app: true, chat: true }, enabled: false },
  { name: 'Deployment finished', channels: { in_app: true, chat: false } },
  { name: 'Export ready', channels: { in_app: true, email: true } },
  { name: 'Payment failed', channels: { in_app: true, email: true, sms: true } },
  { name: 'Invoice available', channels: { email: true, in_app: false } },
  { name: 'Weekly digest', channels: { email: true, in_app: false } },
  { name: 'Workspace invitation', channels: { in_app: true, email: true } },
  { name: 'New sign-in to your account', channels: { in_app: true, email: true, sms: false, push: true } },
  { name: 'Usage limit almost reached', channels: { in_app: true, email: true } },
  { name: 'Product newsletter', channels: { email: false }, enabled: false },
];

/**
 * A seed with fifteen notification types: the workflows themselves (so that the switches save) and the
 * subscriber's preferences for each, some changed by the subscriber, two turned off by the sender.
 */
export function manyWorkflowsSeed(subscriberId = SUBSCRIBER): MockSeed {
  const updatedAt = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const workflows: WorkflowListItem[] = [];
  const preferences: WorkflowPreference[] = [];
  NOTIFICATION_TYPES.forEach((type, index) => {
    const workflowId = type.name.toLowerCase().replace(/[^a-z]+/g, '-');
    const slug = `${workflowId}_wf_story${String(index).padStart(2, '0')}`;
    const channels = Object.keys(type.channels) as (keyof PreferenceChannels)[];
    workflows.push({
      _id: `story-workflow-${index}`,
      name: type.name,
      workflowId,
      slug,
      status: 'ACTIVE',
      origin: 'novu-cloud',
      createdAt: updatedAt,
      updatedAt,
      stepTypeOverviews: channels,
      steps: channels.map((channel) => ({ slug: `${channel}-step_st_story${index}`, type: channel })),
    });
    preferences.push({
      enabled: type.enabled ?? true,
      channels: { ...type.channels },
      overrides: channels
        .filter((channel) => type.channels[channel] === false)
        .map((channel) => ({ channel, source: 'subscriber' })),
      workflow: { slug, identifier: workflowId, name: type.name, updatedAt },
    });
  });
  const base = fixturePreferences();
  return { workflows, preferences: { [subscriberId]: { global: base.global, workflows: preferences } } };
}

// ---------------------------------------------------------------------------------------------------------
// Story chrome

/** The controls every element story offers. */
export interface ElementArgs {
  /** `light`, `dark`, or unset to follow the system. */
  theme?: 'light' | 'dark';
  /** BCP 47 locale; a shipped one loads its table on demand. Unset: the page's `lang`. */
  locale?: string;
}

export const elementArgTypes = {
  theme: { control: 'select', options: ['light', 'dark'], description: 'Unset follows the system.' },
  // The shipped locales (`src/locales/`, plus English): the locale test fails when one is missing here.
  locale: {
    control: 'select',
    options: ['en', 'ar', 'de', 'es', 'fr', 'he', 'it', 'ja', 'nl', 'pl', 'pt-BR', 'zh-CN'],
    description: 'Unset follows the page. A shipped locale loads its table on demand.',
  },
} as const;

/**
 * A frame around an element, at most `maxWidth` wide, so that it reads as a panel of an app. A story sets
 * `parameters: { frame: { width: '320px' } }` to give the frame a fixed width instead.
 */
export function frame(maxWidth = '28rem'): Decorator {
  return (story, context) => {
    const width = (context.parameters.frame as { width?: string } | undefined)?.width;
    const size = width ? `inline-size: ${width}; max-inline-size: 100%` : `max-inline-size: ${maxWidth}`;
    return html`<div style="${size}; border: 1px solid #8886; border-radius: 8px">${story()}</div>`;
  };
}

/**
 * What a dark story sets: `theme="dark"` on the dark canvas background (the `backgrounds` global, which also
 * colours the story's block in docs pages). Spread it into the story.
 */
export const darkStory = {
  args: { theme: 'dark' },
  globals: { backgrounds: { value: 'dark' } },
} satisfies StoryObj<ElementArgs>;

/** Light text on a dark surface, for the page content around an element (an app bar...). */
export const darkPage: Decorator = (story) =>
  html`<div style="color-scheme: dark; background: #111317; color: #ececf1">${story()}</div>`;

/** A right-to-left page in Arabic (strings without an Arabic translation fall back to English). */
export const rtlPage: Decorator = (story) => html`<div dir="rtl" lang="ar">${story()}</div>`;

/** A container of a fixed width, for example a phone's. */
export function narrow(width: string): Decorator {
  return (story) => html`<div style="inline-size: ${width}; max-inline-size: 100%">${story()}</div>`;
}

/**
 * Keeps a message click inside Storybook: the URL goes to the Actions panel instead of replacing the
 * story, and the message is marked read as the inbox would. Listen on any ancestor of a bell or an
 * inbox (`@notif-message-click=${stayInStory}`). An inbox can instead take `.navigate=${action('navigate')}`.
 */
export function stayInStory(event: NotifMessageClickEvent): void {
  action('notif-message-click')(event.detail);
  const { message, url } = event.detail;
  if (!url) return;
  event.preventDefault();
  const host = event.target as { activeStore?: InboxStore } | null;
  if (!message.read && message._id) void host?.activeStore?.markAs([message._id], 'read');
  action('navigate')(url);
}

/** An application's top bar with the given content at its end, as a bell usually sits. */
export function appBar(end: TemplateResult, title = 'Northwind'): TemplateResult {
  return html`<header
    style="display: flex; align-items: center; gap: 0.75rem; padding: 0.5rem 1rem; border-block-end: 1px solid #8886; font-family: system-ui, sans-serif"
  >
    <strong style="flex: 1">${title}</strong>
    ${end}
  </header>`;
}

/**
 * The description a docs page shows under a story: what a user sees in it. Spread it into the story's
 * `parameters` (`parameters: { ...about('...'), frame: { width: '20rem' } }`).
 */
export function about(story: string): { docs: { description: { story: string } } } {
  return { docs: { description: { story } } };
}
