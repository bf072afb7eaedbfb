/**
 * The preferences store of one subscriber: global channel switches, per-workflow channel switches and
 * the delivery schedule, loaded from and saved to the service, with optimistic updates.
 *
 * How saving works:
 * - every setter sends one `PATCH /v2/subscribers/{subscriberId}/preferences` carrying only what changed,
 *   and sends nothing when nothing changed;
 * - saves (and loads) go through one queue per store, one request at a time, so the service sees the edits
 *   in the order they were made and the last one wins;
 * - what the store shows is the last state the service confirmed with every change still queued or in
 *   flight applied on top. A response becomes the new confirmed state and the still-pending changes are
 *   applied again on top of it, so a response never undoes a newer edit; a failed change is dropped from
 *   the pending list, which rolls back exactly that change and keeps the others.
 *
 * Status, action results and the error policy are those of both stores: see `contract.ts`.
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';
import type { NotifClient } from '../client/client.js';
import type {
  PreferenceChannels,
  Schedule,
  SubscriberPreferences,
  UpdatePreferencesBody,
  WorkflowPreference,
} from '../client/types.js';
import {
  createQueue,
  deepEqual,
  DESTROYED,
  OK,
  safely,
  type ActionResult,
  type StoreStatus,
} from './contract.js';
import { normalisePreferences } from './preferences-shape.js';
import { normaliseSchedule, schedulesEqual, validateSchedule, type ScheduleIssues } from './schedule.js';

/** The state of the last load; a failed one names the operation `load`, which `load()` runs again. */
export type PreferencesStatus = StoreStatus<'load'>;

/** The last save that failed, until dismissed (`dismissError`) or replaced by a newer failure. */
export interface PreferencesSaveError {
  /** `'global'`, `'schedule'` or a workflow identifier. */
  target: string;
  /** The body that was refused. */
  change: UpdatePreferencesBody;
  error: unknown;
}

/**
 * Why a save did not happen or did not succeed:
 * `invalid` (the schedule has issues), `disabled` (the workflow preference is not `enabled`),
 * `unknownWorkflow`, `notLoaded` (no preferences yet), `failed` (the service refused or could not be
 * reached; see `error`), `destroyed` (the store was destroyed).
 */
export type SaveFailureReason = Exclude<SaveResult, { ok: true }>['reason'];

/** What a setter resolves to: the shared {@link ActionResult} with the refusals of this store. */
export type SaveResult = ActionResult<
  { reason: 'invalid'; issues: ScheduleIssues } | { reason: 'disabled' | 'unknownWorkflow' | 'notLoaded' }
>;

export interface PreferencesStoreOptions {
  subscriberId: string;
  /** Preferences already at hand (server rendering, a story): no request is made on mount. */
  initial?: SubscriberPreferences;
  /**
   * The subscriber's saved time zone (IANA, `Europe/Paris`), when the app knows it: the service has no
   * operation that reads a subscriber, so the store only learns it from here or from `setTimezone`.
   */
  timezone?: string;
}

export interface PreferencesStore {
  readonly subscriberId: string;
  /**
   * `{ global, workflows }`, with pending changes applied; `undefined` until loaded. The first mount (a
   * first listener, or a `get()`, which mounts a nanostores atom for a moment) starts the first load.
   */
  readonly $preferences: ReadableAtom<SubscriberPreferences | undefined>;
  /** The state of the load. Its first mount also starts the first load; later loads only by `load()`. */
  readonly $status: ReadableAtom<PreferencesStatus>;
  /** Targets being saved: `'global'`, `'schedule'` or a workflow identifier. */
  readonly $pending: ReadableAtom<ReadonlySet<string>>;
  /**
   * The single switches being saved, finer than `$pending`: `'global:<channel>'` and
   * `'<workflow identifier>:<channel>'` (and `'schedule'`), from the moment a setter is called until its
   * request is answered, whether it succeeds or fails (and is rolled back). A UI marks those switches busy.
   */
  readonly $saving: ReadableAtom<ReadonlySet<string>>;
  /** The last failed save; kept until `dismissError()` or a newer failure (see `contract.ts`). */
  readonly $saveError: ReadableAtom<PreferencesSaveError | null>;
  /**
   * `GET /v2/subscribers/{subscriberId}/preferences`. Never rejects: a failure goes to `$status`, and
   * calling `load()` again retries. A call while a load is under way joins it.
   */
  load(): Promise<void>;
  /** Sets global channel switches; only the keys that differ from the current state are sent. */
  setGlobalChannels(channels: PreferenceChannels): Promise<SaveResult>;
  /** Sets channel switches of one workflow, named by its identifier (or slug). */
  setWorkflowChannels(workflowId: string, channels: PreferenceChannels): Promise<SaveResult>;
  /**
   * Saves the whole schedule, in its normalised form (seven days, sorted ranges, canonical times).
   * Refused without a request when `validateSchedule` finds issues.
   */
  setSchedule(schedule: Schedule): Promise<SaveResult>;
  /**
   * The subscriber's time zone, which the service applies the schedule in: the `timezone` option, then what
   * `setTimezone` saved; `undefined` when unknown (the service cannot be asked).
   */
  readonly $timezone: ReadableAtom<string | undefined>;
  /**
   * Sets the subscriber's time zone (`PATCH /v2/subscribers/{subscriberId}` with `{ timezone }`), in turn
   * with the other saves. `$pending` has `'timezone'` meanwhile; a failure leaves `$timezone` as it was and
   * resolves `{ ok: false, reason: 'failed', error }` (it is not a preferences change: no `$saveError`).
   */
  setTimezone(timezone: string): Promise<SaveResult>;
  /** Clears `$saveError`. */
  dismissError(): void;
  /** Called after each successful save with the service's answer and the body that was sent. */
  onSaved(listener: (preferences: SubscriberPreferences, change: UpdatePreferencesBody) => void): () => void;
  /** Called after each failed save (not after a load failure, which goes to `$status`). */
  onError(listener: (error: unknown, change: UpdatePreferencesBody) => void): () => void;
  /** Aborts the request under way, drops queued saves (they resolve `{ ok: false, reason: 'destroyed' }`). */
  destroy(): void;
}

/**
 * Creates the preferences store of one subscriber. Nothing is requested until `$preferences` or `$status`
 * gets its first listener (or `load()` is called), and never on mount when `initial` is given.
 *
 * @example
 * const store = createPreferencesStore(client, { subscriberId: 'usr_1' });
 * store.$preferences.subscribe((prefs) => render(prefs));
 * await store.setGlobalChannels({ email: false });
 */
export function createPreferencesStore(
  client: NotifClient,
  options: PreferencesStoreOptions,
): PreferencesStore {
  const { subscriberId } = options;
  // What the service (or `initial`) gives is shape-checked once, here: see `preferences-shape.ts`.
  const initial = options.initial === undefined ? undefined : normalisePreferences(options.initial);
  const $preferences = atom<SubscriberPreferences | undefined>(initial);
  const $status = atom<PreferencesStatus>({ state: 'idle' });
  const $pending = atom<ReadonlySet<string>>(new Set());
  const $saving = atom<ReadonlySet<string>>(new Set());
  const $saveError = atom<PreferencesSaveError | null>(null);
  const savedListeners = new Set<
    (preferences: SubscriberPreferences, change: UpdatePreferencesBody) => void
  >();
  const errorListeners = new Set<(error: unknown, change: UpdatePreferencesBody) => void>();
  const abort = new AbortController();
  const $timezone = atom<string | undefined>(options.timezone || undefined);

  /** The last state the service confirmed (or `initial`). */
  let confirmed = initial;
  /**
   * What `$preferences` holds. Kept apart because `get()` on a nanostores atom without listeners mounts it
   * for a moment, which would start a load.
   */
  let shown = initial;
  let autoLoaded = initial !== undefined;
  /** Saves queued or in flight, in the order they were made: shown on top of `confirmed`. */
  let saving: UpdatePreferencesBody[] = [];
  const queue = createQueue();
  let loading: Promise<void> | undefined;
  let destroyed = false;
  const pendingCounts = new Map<string, number>();
  const savingCounts = new Map<string, number>();

  function show(): void {
    let value = confirmed;
    for (const body of saving) if (value) value = applyChange(value, body);
    if (deepEqual(value, shown)) return;
    shown = value;
    $preferences.set(value);
  }

  /** Counts saves under way per key (two saves of one switch: busy until both are answered). */
  function count(counts: Map<string, number>, keys: readonly string[], delta: 1 | -1): ReadonlySet<string> {
    for (const key of keys) {
      const n = (counts.get(key) ?? 0) + delta;
      if (n > 0) counts.set(key, n);
      else counts.delete(key);
    }
    return new Set(counts.keys());
  }

  function countPending(target: string, body: UpdatePreferencesBody, delta: 1 | -1): void {
    $pending.set(count(pendingCounts, [target], delta));
    $saving.set(count(savingCounts, savingKeys(target, body), delta));
  }

  function save(target: string, body: UpdatePreferencesBody): Promise<SaveResult> {
    saving = [...saving, body];
    countPending(target, body, 1);
    show();
    const settle = () => {
      saving = saving.filter((b) => b !== body);
      show();
      countPending(target, body, -1);
    };
    return queue.run(async (): Promise<SaveResult> => {
      if (destroyed) return DESTROYED;
      try {
        const preferences = normalisePreferences(
          await client.updatePreferences(subscriberId, body, { signal: abort.signal }),
        );
        if (destroyed) return DESTROYED;
        confirmed = preferences;
        settle();
        for (const listener of savedListeners) safely(() => listener(preferences, body));
        return OK;
      } catch (error) {
        if (destroyed) return DESTROYED;
        settle();
        $saveError.set({ target, change: body, error });
        for (const listener of errorListeners) safely(() => listener(error, body));
        return { ok: false, reason: 'failed', error };
      }
    });
  }

  function load(): Promise<void> {
    if (destroyed) return Promise.resolve();
    autoLoaded = true;
    if (loading) return loading;
    $status.set({ state: 'loading' });
    return (loading = queue.run(async () => {
      try {
        if (destroyed) return;
        const preferences = normalisePreferences(
          await client.getPreferences(subscriberId, { signal: abort.signal }),
        );
        if (destroyed) return;
        confirmed = preferences;
        show();
        $status.set({ state: 'idle' });
      } catch (error) {
        if (!destroyed) $status.set({ state: 'error', error, operation: 'load' });
      } finally {
        loading = undefined;
      }
    }));
  }

  // Only the first mount loads by itself: a later mount (or a `get()`, which mounts for a moment) after a
  // failed load must not retry behind the person's back, or a UI reading the store would retry in a loop.
  function loadOnMount(): void {
    if (!autoLoaded) void load();
  }
  onMount($preferences, loadOnMount);
  onMount($status, loadOnMount);

  function refusal(result: SaveResult): Promise<SaveResult> {
    return Promise.resolve(result);
  }

  return {
    subscriberId,
    $preferences,
    $status,
    $pending,
    $saving,
    $saveError,
    load,

    setGlobalChannels(channels) {
      if (destroyed) return refusal(DESTROYED);
      if (!shown) return refusal({ ok: false, reason: 'notLoaded' });
      const changed = changedChannels(shown.global.channels, channels);
      return changed ? save('global', { channels: changed }) : refusal(OK);
    },

    setWorkflowChannels(workflowId, channels) {
      if (destroyed) return refusal(DESTROYED);
      if (!shown) return refusal({ ok: false, reason: 'notLoaded' });
      const preference = shown.workflows.find((w) => matchesWorkflow(w, workflowId));
      if (!preference) return refusal({ ok: false, reason: 'unknownWorkflow' });
      if (!preference.enabled) return refusal({ ok: false, reason: 'disabled' });
      const changed = changedChannels(preference.channels, channels);
      const identifier = preference.workflow.identifier;
      return changed ? save(identifier, { workflowId: identifier, channels: changed }) : refusal(OK);
    },

    setSchedule(schedule) {
      if (destroyed) return refusal(DESTROYED);
      const issues = validateSchedule(schedule);
      if (issues.length > 0) return refusal({ ok: false, reason: 'invalid', issues });
      if (!shown) return refusal({ ok: false, reason: 'notLoaded' });
      const next = normaliseSchedule(schedule);
      return schedulesEqual(shown.global.schedule, next) ? refusal(OK) : save('schedule', { schedule: next });
    },

    $timezone,

    setTimezone(timezone) {
      if (destroyed) return refusal(DESTROYED);
      countPending('timezone', {}, 1);
      return queue.run(async (): Promise<SaveResult> => {
        try {
          if (destroyed) return DESTROYED;
          const subscriber = await client.updateSubscriber(
            subscriberId,
            { timezone },
            { signal: abort.signal },
          );
          if (destroyed) return DESTROYED;
          $timezone.set(typeof subscriber?.timezone === 'string' ? subscriber.timezone : timezone);
          return OK;
        } catch (error) {
          return destroyed ? DESTROYED : { ok: false, reason: 'failed', error };
        } finally {
          if (!destroyed) countPending('timezone', {}, -1);
        }
      });
    },

    dismissError() {
      $saveError.set(null);
    },

    onSaved(listener) {
      savedListeners.add(listener);
      return () => savedListeners.delete(listener);
    },

    onError(listener) {
      errorListeners.add(listener);
      return () => errorListeners.delete(listener);
    },

    destroy() {
      if (destroyed) return;
      destroyed = true;
      abort.abort();
      // Queued saves resolve `destroyed` when their turn comes, without a request.
      saving = [];
      loading = undefined;
      pendingCounts.clear();
      savingCounts.clear();
      $pending.set(new Set());
      $saving.set(new Set());
      savedListeners.clear();
      errorListeners.clear();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------

/** The `$saving` keys of a save: one per switch it changes (`global:email`), or `schedule`. */
function savingKeys(target: string, body: UpdatePreferencesBody): string[] {
  const keys = Object.keys(body.channels ?? {}).map((channel) => `${target}:${channel}`);
  if (body.schedule) keys.push('schedule');
  return keys;
}

/** The entries of `wanted` that differ from `current`, or `undefined` when none does. */
function changedChannels(
  current: PreferenceChannels,
  wanted: PreferenceChannels,
): PreferenceChannels | undefined {
  const changed: PreferenceChannels = {};
  let any = false;
  for (const [channel, value] of Object.entries(wanted) as [
    keyof PreferenceChannels,
    boolean | undefined,
  ][]) {
    if (typeof value !== 'boolean' || current[channel] === value) continue;
    changed[channel] = value;
    any = true;
  }
  return any ? changed : undefined;
}

function matchesWorkflow(preference: WorkflowPreference, id: string): boolean {
  return preference.workflow.identifier === id || preference.workflow.slug === id;
}

/** `preferences` with one request body applied, as the service would apply it. Returns a new object. */
function applyChange(preferences: SubscriberPreferences, body: UpdatePreferencesBody): SubscriberPreferences {
  if (body.workflowId !== undefined) {
    const id = body.workflowId;
    return {
      ...preferences,
      workflows: preferences.workflows.map((w) =>
        matchesWorkflow(w, id) ? { ...w, channels: { ...w.channels, ...body.channels } } : w,
      ),
    };
  }
  let global = preferences.global;
  if (body.channels) global = { ...global, channels: { ...global.channels, ...body.channels } };
  if (body.schedule) global = { ...global, schedule: body.schedule };
  return { ...preferences, global };
}
