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
import { normaliseSchedule, schedulesEqual, validateSchedule, type ScheduleIssues } from './schedule.js';

/** The state of the last load. */
export type PreferencesStatus = { state: 'idle' } | { state: 'loading' } | { state: 'error'; error: unknown };

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
export type SaveFailureReason =
  'invalid' | 'disabled' | 'unknownWorkflow' | 'notLoaded' | 'failed' | 'destroyed';

export type SaveResult =
  | { ok: true; preferences: SubscriberPreferences }
  | { ok: false; reason: SaveFailureReason; error?: unknown; issues?: ScheduleIssues };

export interface PreferencesStoreOptions {
  subscriberId: string;
  /** Preferences already at hand (server rendering, a story): no request is made on mount. */
  initial?: SubscriberPreferences;
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
  /** Clears `$saveError`. */
  dismissError(): void;
  /** Called after each successful save with the service's answer and the body that was sent. */
  onSaved(listener: (preferences: SubscriberPreferences, change: UpdatePreferencesBody) => void): () => void;
  /** Called after each failed save (not after a load failure, which goes to `$status`). */
  onError(listener: (error: unknown, change: UpdatePreferencesBody) => void): () => void;
  /** Aborts the request under way, drops queued saves (they resolve `{ ok: false, reason: 'destroyed' }`). */
  destroy(): void;
}

type SaveTask = {
  kind: 'save';
  target: string;
  body: UpdatePreferencesBody;
  resolve: (result: SaveResult) => void;
};
type LoadTask = { kind: 'load'; resolve: () => void };
type Task = SaveTask | LoadTask;

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
  const $preferences = atom<SubscriberPreferences | undefined>(options.initial);
  const $status = atom<PreferencesStatus>({ state: 'idle' });
  const $pending = atom<ReadonlySet<string>>(new Set());
  const $saveError = atom<PreferencesSaveError | null>(null);
  const savedListeners = new Set<
    (preferences: SubscriberPreferences, change: UpdatePreferencesBody) => void
  >();
  const errorListeners = new Set<(error: unknown, change: UpdatePreferencesBody) => void>();
  const abort = new AbortController();

  /** The last state the service confirmed (or `initial`). */
  let confirmed = options.initial;
  /**
   * What `$preferences` holds. Kept apart because `get()` on a nanostores atom without listeners mounts it
   * for a moment, which would start a load.
   */
  let shown = options.initial;
  let autoLoaded = options.initial !== undefined;
  /** Queued and in-flight work, the head being the one under way. */
  const queue: Task[] = [];
  let running = false;
  let loading: Promise<void> | undefined;
  let destroyed = false;
  const pendingCounts = new Map<string, number>();

  function show(): void {
    let value = confirmed;
    for (const task of queue) if (value && task.kind === 'save') value = applyChange(value, task.body);
    if (deepEqual(value, shown)) return;
    shown = value;
    $preferences.set(value);
  }

  function countPending(target: string, delta: 1 | -1): void {
    const count = (pendingCounts.get(target) ?? 0) + delta;
    if (count > 0) pendingCounts.set(target, count);
    else pendingCounts.delete(target);
    $pending.set(new Set(pendingCounts.keys()));
  }

  async function pump(): Promise<void> {
    if (running) return;
    running = true;
    while (queue.length > 0 && !destroyed) {
      const task = queue[0]!;
      if (task.kind === 'load') await runLoad(task);
      else await runSave(task);
    }
    running = false;
  }

  async function runLoad(task: LoadTask): Promise<void> {
    try {
      const preferences = await client.getPreferences(subscriberId, { signal: abort.signal });
      if (destroyed) return;
      queue.shift();
      confirmed = preferences;
      show();
      $status.set({ state: 'idle' });
    } catch (error) {
      if (destroyed) return;
      queue.shift();
      $status.set({ state: 'error', error });
    } finally {
      loading = undefined;
      task.resolve();
    }
  }

  async function runSave(task: SaveTask): Promise<void> {
    let result: SaveResult;
    try {
      const preferences = await client.updatePreferences(subscriberId, task.body, { signal: abort.signal });
      if (destroyed) return task.resolve({ ok: false, reason: 'destroyed' });
      queue.shift();
      confirmed = preferences;
      show();
      countPending(task.target, -1);
      for (const listener of savedListeners) safely(() => listener(preferences, task.body));
      result = { ok: true, preferences };
    } catch (error) {
      if (destroyed) return task.resolve({ ok: false, reason: 'destroyed' });
      queue.shift();
      show();
      countPending(task.target, -1);
      $saveError.set({ target: task.target, change: task.body, error });
      for (const listener of errorListeners) safely(() => listener(error, task.body));
      result = { ok: false, reason: 'failed', error };
    }
    task.resolve(result);
  }

  function save(target: string, body: UpdatePreferencesBody): Promise<SaveResult> {
    return new Promise((resolve) => {
      queue.push({ kind: 'save', target, body, resolve });
      countPending(target, 1);
      show();
      void pump();
    });
  }

  function load(): Promise<void> {
    if (destroyed) return Promise.resolve();
    autoLoaded = true;
    if (loading) return loading;
    $status.set({ state: 'loading' });
    loading = new Promise<void>((resolve) => queue.push({ kind: 'load', resolve }));
    void pump();
    return loading;
  }

  // Only the first mount loads by itself: a later mount (or a `get()`, which mounts for a moment) after a
  // failed load must not retry behind the person's back, or a UI reading the store would retry in a loop.
  function loadOnMount(): void {
    if (!autoLoaded) void load();
  }
  onMount($preferences, loadOnMount);
  onMount($status, loadOnMount);

  function refusal(reason: SaveFailureReason, extra: { issues?: ScheduleIssues } = {}): Promise<SaveResult> {
    return Promise.resolve({ ok: false, reason, ...extra });
  }

  return {
    subscriberId,
    $preferences,
    $status,
    $pending,
    $saveError,
    load,

    setGlobalChannels(channels) {
      if (destroyed) return refusal('destroyed');
      const now = shown;
      if (!now) return refusal('notLoaded');
      const changed = changedChannels(now.global.channels, channels);
      if (!changed) return Promise.resolve({ ok: true, preferences: now });
      return save('global', { channels: changed });
    },

    setWorkflowChannels(workflowId, channels) {
      if (destroyed) return refusal('destroyed');
      const now = shown;
      if (!now) return refusal('notLoaded');
      const preference = now.workflows.find((w) => matchesWorkflow(w, workflowId));
      if (!preference) return refusal('unknownWorkflow');
      if (!preference.enabled) return refusal('disabled');
      const changed = changedChannels(preference.channels, channels);
      if (!changed) return Promise.resolve({ ok: true, preferences: now });
      const identifier = preference.workflow.identifier;
      return save(identifier, { workflowId: identifier, channels: changed });
    },

    setSchedule(schedule) {
      if (destroyed) return refusal('destroyed');
      const issues = validateSchedule(schedule);
      if (issues.length > 0) return refusal('invalid', { issues });
      const now = shown;
      if (!now) return refusal('notLoaded');
      const next = normaliseSchedule(schedule);
      if (schedulesEqual(now.global.schedule, next)) return Promise.resolve({ ok: true, preferences: now });
      return save('schedule', { schedule: next });
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
      for (const task of queue.splice(0)) {
        if (task.kind === 'save') task.resolve({ ok: false, reason: 'destroyed' });
        else task.resolve();
      }
      loading = undefined;
      pendingCounts.clear();
      $pending.set(new Set());
      savedListeners.clear();
      errorListeners.clear();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------

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

/** Structural equality of JSON-like values (key order ignored). */
function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const keysB = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** Runs a listener; an error it throws is reported without breaking the store. */
function safely(call: () => void): void {
  try {
    call();
  } catch (error) {
    if (typeof globalThis.reportError === 'function') globalThis.reportError(error);
    else console.error(error);
  }
}
