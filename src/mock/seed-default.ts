/**
 * The messages and events of the default seed: the 25 fixture messages, the generated ones around them and
 * the fixture events. Only the default seed needs them, so `seed.ts` reaches this module through a dynamic
 * `import()`: an app that bundles `createMockService` loads these fixtures only when it seeds them.
 */
import type { Message, NotificationEvent, Subscriber, WorkflowListItem } from '../client/types.js';
import { addMs, DAY, MINUTE, shiftDates } from './dates.js';
import { FIXTURE_EVENTS } from './fixtures/events.js';
import { MESSAGE_KINDS } from './fixtures/message-kinds.js';
import { FIXTURE_MESSAGES } from './fixtures/messages.js';
import { MAYA, PRIYA } from './fixtures/subscribers.js';
import { buildMessage, templateIds } from './generate.js';
import { objectId, type Random } from './random.js';

export interface DefaultDataOptions {
  now: Date;
  /** How far every fixture date moves: `now - FIXTURE_NOW`, in milliseconds. */
  shift: number;
  messagesPerSubscriber: number;
  /** The seeded subscribers and workflows as the seed made them (dates moved, nothing changed since). */
  subscribers: readonly Subscriber[];
  workflows: readonly WorkflowListItem[];
  /** The seed's generator, from its start: the same draws give the same inbox. */
  random: Random;
}

/**
 * `usr_priya_raman` gets the fixture messages (the newest ones), generated older ones up to
 * `messagesPerSubscriber` in-app messages, and a few email copies; `usr_maya_chen` gets generated messages
 * spread over the last 7 days. The events are the fixture events. Neither list is sorted.
 */
export function defaultMessagesAndEvents(options: DefaultDataOptions): {
  messages: Message[];
  events: NotificationEvent[];
} {
  const { now, shift, random, workflows } = options;
  const count = options.messagesPerSubscriber;
  const priya = options.subscribers.find((subscriber) => subscriber.subscriberId === PRIYA) as Subscriber;
  const maya = options.subscribers.find((subscriber) => subscriber.subscriberId === MAYA) as Subscriber;
  const fixture = shiftDates(FIXTURE_MESSAGES.slice(0, count), shift);
  const oldest = fixture.at(-1);
  const older = generateSeries({
    subscriber: priya,
    count: Math.max(0, count - fixture.length),
    newest: new Date((oldest ? Date.parse(oldest.createdAt) : now.getTime()) - 70 * MINUTE),
    spacingMs: 70 * MINUTE,
    now,
    random,
    workflows,
  });
  const mayas = generateSeries({
    subscriber: maya,
    count,
    newest: new Date(now.getTime() - 3 * MINUTE),
    spacingMs: (7 * DAY) / Math.max(count, 1),
    now,
    random,
    workflows,
  });
  return {
    messages: [...fixture, ...older, ...emailCopies(fixture, priya, random, workflows), ...mayas],
    events: shiftDates(FIXTURE_EVENTS, shift),
  };
}

interface SeriesOptions {
  subscriber: Subscriber;
  count: number;
  /** The date of the first (newest) message of the series. */
  newest: Date;
  /** The average gap between two messages, going back in time. */
  spacingMs: number;
  now: Date;
  random: Random;
  workflows: readonly WorkflowListItem[];
}

/**
 * `count` in-app messages of random kinds, from `newest` back in time. Older messages are more often read;
 * a read message is also seen (the rule of `applyMarkAs`), and some answered ones have their action done.
 * About half carry a `tenant:northwind` context key.
 */
function generateSeries(options: SeriesOptions): Message[] {
  const { subscriber, random, now } = options;
  const reader = { firstName: subscriber.firstName ?? 'there' };
  const out: Message[] = [];
  let at = options.newest.getTime();
  for (let i = 0; i < options.count; i++) {
    const kind = random.item(MESSAGE_KINDS);
    const message = buildMessage(kind(random, reader), subscriber, new Date(at), random, options.workflows);
    const ageDays = (now.getTime() - at) / DAY;
    const read = i >= 3 && random.chance(ageDays > 2 ? 0.85 : 0.45);
    const seen = read || (i >= 3 && random.chance(ageDays > 1 ? 0.9 : 0.5));
    if (seen) {
      const seenAt = Math.min(at + random.int(2, 90) * MINUTE, now.getTime());
      message.seen = true;
      message.lastSeenDate = new Date(seenAt).toISOString();
      if (read) {
        message.read = true;
        message.lastReadDate = new Date(
          Math.min(seenAt + random.int(0, 10) * MINUTE, now.getTime()),
        ).toISOString();
        const action = message.cta.action;
        if (action?.buttons?.length && random.chance(0.4)) {
          message.cta = {
            ...message.cta,
            action: { ...action, status: 'done', result: { type: 'primary', payload: {} } },
          };
        }
      }
    }
    if (random.chance(0.5)) message.contextKeys = ['tenant:northwind'];
    out.push(message);
    at -= Math.round(options.spacingMs * (0.7 + 0.6 * random.next()));
  }
  return out;
}

const EMAIL_COPY_OF = ['security-alert', 'workspace-invitation', 'payment-failed', 'weekly-digest'];

/**
 * Email messages sent by the same events as some in-app messages (one per workflow above that has an email
 * step), so that `GET /v1/messages` without a channel filter shows more than the inbox does.
 */
function emailCopies(
  inApp: readonly Message[],
  subscriber: Subscriber,
  random: Random,
  workflows: readonly WorkflowListItem[],
): Message[] {
  const out: Message[] = [];
  for (const identifier of EMAIL_COPY_OF) {
    const source = inApp.find((message) => message.templateIdentifier === identifier);
    if (!source) continue;
    const createdAt = addMs(source.createdAt, 2000);
    const text = typeof source.content === 'string' ? source.content : (source.subject ?? '');
    out.push({
      _id: objectId(new Date(createdAt), random),
      ...templateIds(workflows, identifier, 'email'),
      _environmentId: source._environmentId,
      _organizationId: source._organizationId,
      _notificationId: source._notificationId,
      _subscriberId: source._subscriberId,
      templateIdentifier: identifier,
      createdAt,
      deliveredAt: [addMs(createdAt, 950)],
      content: `<p>Hi ${subscriber.firstName ?? 'there'},</p><p>${text}</p>`,
      transactionId: source.transactionId,
      subject: source.subject ?? '',
      channel: 'email',
      read: false,
      seen: false,
      email: subscriber.email ?? '',
      providerId: 'sendgrid',
      cta: {},
      _feedId: null,
      status: 'sent',
      payload: source.payload ?? {},
      overrides: {},
    });
  }
  return out;
}
