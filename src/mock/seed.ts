import type { SubscriberPreferences } from '../client/types.js';
import { shiftDates } from './dates.js';
import { defaultPreferences, keyedTable, type Db } from './db.js';
import { FIXTURE_INTEGRATIONS } from './fixtures/integrations.js';
import { FIXTURE_PREFERENCES } from './fixtures/preferences.js';
import { FIXTURE_NOW, FIXTURE_SUBSCRIBERS, PRIYA } from './fixtures/subscribers.js';
import { FIXTURE_WORKFLOWS } from './fixtures/workflows.js';
import { createRandom, type Random } from './random.js';
import type * as DefaultData from './seed-default.js';
import type { MockSeed } from './types.js';

/** The generator's seed: the same inbox every time, whatever the clock says. */
const RANDOM_SEED = 0x5eed_2025;
/** The stand-in generator's seed, for ids drawn while the default seed's messages are loading. */
const LOADING_RANDOM_SEED = 0x10ad_2025;

export interface SeedOptions {
  now: Date;
  seed: 'default' | 'empty' | MockSeed;
  messagesPerSubscriber: number;
}

/** What `createSeed` gives. */
export interface Seed {
  /** The data. While `complete` is pending, it lacks the default seed's messages and events. */
  db: Db;
  /**
   * The generator for what happens next (arrivals, new subscribers, error ids): the seed's own, continued
   * after the seed's draws. While `complete` is pending, a stand-in with a seed of its own.
   */
  random: Random;
  /**
   * Present only while the default seed's messages and events load (the first default seed of the page or
   * process): resolves once they are merged into `db`, with the seed's generator to use from then on.
   */
  complete?: Promise<Random>;
}

type DefaultDataModule = typeof DefaultData;

/** The module of the default seed's messages and events, once loaded. */
let loaded: DefaultDataModule | undefined;
let loading: Promise<DefaultDataModule> | undefined;

/**
 * Loads the default seed's messages and events (a separate chunk for bundlers), once per page or process.
 * A failed load is tried again by the next seed that needs it.
 */
function loadDefaultData(): Promise<DefaultDataModule> {
  loading ??= import('./seed-default.js').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Forgets the loaded default data, so that the next default seed loads it again (asynchronously, even when
 * the module is cached). For tests of the loading state only.
 *
 * @internal
 */
export function forgetDefaultData(): void {
  loaded = undefined;
  loading = undefined;
}

/**
 * Builds the mock's data. Every fixture date is moved by `now - FIXTURE_NOW`, so the newest message arrived
 * five minutes ago. Every seed has the fixture subscribers, workflows, integrations and preferences (unless a
 * custom seed replaces them); the default seed adds the messages and events of `seed-default.ts`.
 *
 * Those are loaded with a dynamic `import()`: the first default seed returns at once with `complete`, and its
 * messages and events arrive later (merged with any message added meanwhile); once the module is loaded, every
 * seed is complete on return. Either way the same options give the same data.
 */
export function createSeed(options: SeedOptions): Seed {
  const { now, seed, messagesPerSubscriber } = options;
  const shift = now.getTime() - Date.parse(FIXTURE_NOW);
  const custom = typeof seed === 'object' ? seed : undefined;
  const base = typeof seed === 'string' ? seed : (seed.base ?? 'default');

  const subscribers = shiftDates(FIXTURE_SUBSCRIBERS, shift);
  const workflows = shiftDates(FIXTURE_WORKFLOWS, shift);
  const preferences = keyedTable<SubscriberPreferences>();
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
  if (custom) applyCustomSeed(db, custom);
  db.messages = newestFirst(db.messages);
  db.events = newestFirst(db.events);

  const random = createRandom(RANDOM_SEED);
  // The default seed's messages and events, unless a custom seed gives both collections.
  if (base !== 'default' || (custom?.messages && custom.events)) return { db, random };

  const fill = (module: DefaultDataModule): Random => {
    // From the fixtures again: a subscriber changed while loading must not change the seeded messages.
    const seeded = module.defaultMessagesAndEvents({
      now,
      shift,
      messagesPerSubscriber,
      subscribers: shiftDates(FIXTURE_SUBSCRIBERS, shift),
      workflows: shiftDates(FIXTURE_WORKFLOWS, shift),
      random,
    });
    // Messages already there (added while loading) go first among equal dates.
    if (!custom?.messages) db.messages = newestFirst([...db.messages, ...seeded.messages]);
    if (!custom?.events) db.events = newestFirst([...db.events, ...seeded.events]);
    return random;
  };
  if (loaded) {
    fill(loaded);
    return { db, random };
  }
  return { db, random: createRandom(LOADING_RANDOM_SEED), complete: loadDefaultData().then(fill) };
}

/** Collections given by a custom seed replace the base's; given preferences replace those subscribers' only. */
function applyCustomSeed(db: Db, seed: MockSeed): void {
  if (seed.subscribers) {
    db.subscribers = structuredClone(seed.subscribers);
    const preferences = keyedTable<SubscriberPreferences>();
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
  // Own entries only, defined (not assigned): a `__proto__` key is an id like any other.
  for (const [id, preferences] of Object.entries(structuredClone(seed.preferences ?? {}))) {
    db.preferences[id] = preferences;
  }
}

/** Stable: records with the same date keep their order. Records without a date go last. */
function newestFirst<T extends { createdAt?: string }>(items: T[]): T[] {
  const time = (item: T) => {
    const parsed = Date.parse(item.createdAt ?? '');
    return Number.isNaN(parsed) ? -Infinity : parsed;
  };
  return [...items].sort((a, b) => (time(b) > time(a) ? 1 : time(b) < time(a) ? -1 : 0));
}
