import type { Subscriber, SubscriberPreferences } from '../client/types.js';
import { DAY, MINUTE, shiftDates } from './dates.js';
import { defaultPreferences, type Db } from './db.js';
import { FIXTURE_EVENTS } from './fixtures/events.js';
import { FIXTURE_INTEGRATIONS } from './fixtures/integrations.js';
import { FIXTURE_MESSAGES } from './fixtures/messages.js';
import { FIXTURE_PREFERENCES } from './fixtures/preferences.js';
import { FIXTURE_NOW, FIXTURE_SUBSCRIBERS, MAYA, PRIYA } from './fixtures/subscribers.js';
import { FIXTURE_WORKFLOWS } from './fixtures/workflows.js';
import { emailCopies, generateSeries } from './generate.js';
import { createRandom, type Random } from './random.js';
import type { MockSeed } from './types.js';

/** The generator's seed: the same inbox every time, whatever the clock says. */
const RANDOM_SEED = 0x5eed_2025;

export interface SeedOptions {
  now: Date;
  seed: 'default' | 'empty' | MockSeed;
  messagesPerSubscriber: number;
}

/**
 * Builds the mock's data. Every fixture date is moved by `now - FIXTURE_NOW`, so the newest message arrived
 * five minutes ago. `usr_priya_raman` gets the 25 fixture messages (the newest ones), generated older ones up
 * to `messagesPerSubscriber` in-app messages, and a few email copies; `usr_maya_chen` gets generated messages
 * spread over the last 7 days; `usr_empty` gets none.
 */
export function createSeed(options: SeedOptions): { db: Db; random: Random } {
  const { now, seed } = options;
  const random = createRandom(RANDOM_SEED);
  const shift = now.getTime() - Date.parse(FIXTURE_NOW);
  const base = typeof seed === 'string' ? seed : (seed.base ?? 'default');

  const subscribers = shiftDates(FIXTURE_SUBSCRIBERS, shift);
  const workflows = shiftDates(FIXTURE_WORKFLOWS, shift);
  const preferences: Record<string, SubscriberPreferences> = {};
  for (const subscriber of subscribers) {
    preferences[subscriber.subscriberId] =
      subscriber.subscriberId === PRIYA
        ? shiftDates(FIXTURE_PREFERENCES, shift)
        : defaultPreferences(workflows);
  }

  const db: Db = {
    subscribers,
    messages: [],
    preferences,
    workflows,
    integrations: structuredClone(FIXTURE_INTEGRATIONS),
    events: [],
  };

  if (base === 'default') {
    const count = options.messagesPerSubscriber;
    const priya = subscribers.find((subscriber) => subscriber.subscriberId === PRIYA) as Subscriber;
    const maya = subscribers.find((subscriber) => subscriber.subscriberId === MAYA) as Subscriber;
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
    db.messages = [...fixture, ...older, ...emailCopies(fixture, priya, random, workflows), ...mayas];
    db.events = shiftDates(FIXTURE_EVENTS, shift);
  }

  if (typeof seed === 'object') applyCustomSeed(db, seed);

  db.messages = newestFirst(db.messages);
  db.events = newestFirst(db.events);
  return { db, random };
}

/** Collections given by a custom seed replace the base's; given preferences replace those subscribers' only. */
function applyCustomSeed(db: Db, seed: MockSeed): void {
  if (seed.subscribers) {
    db.subscribers = structuredClone(seed.subscribers);
    const preferences: Record<string, SubscriberPreferences> = {};
    for (const subscriber of db.subscribers) {
      preferences[subscriber.subscriberId] =
        db.preferences[subscriber.subscriberId] ?? defaultPreferences(seed.workflows ?? db.workflows);
    }
    db.preferences = preferences;
  }
  if (seed.workflows) db.workflows = structuredClone(seed.workflows);
  if (seed.integrations) db.integrations = structuredClone(seed.integrations);
  if (seed.messages) db.messages = structuredClone(seed.messages);
  if (seed.events) db.events = structuredClone(seed.events);
  if (seed.preferences) Object.assign(db.preferences, structuredClone(seed.preferences));
}

/** Stable: records with the same date keep their order. Records without a date go last. */
function newestFirst<T extends { createdAt?: string }>(items: T[]): T[] {
  const time = (item: T) => {
    const parsed = Date.parse(item.createdAt ?? '');
    return Number.isNaN(parsed) ? -Infinity : parsed;
  };
  return [...items].sort((a, b) => (time(b) > time(a) ? 1 : time(b) < time(a) ? -1 : 0));
}
