/**
 * The shape check of the preferences the store takes in (a load, a save's answer, `initial`). They come from
 * other people's data, and the panel, the schedule helpers and the saves read them as their types say, so
 * every part is checked here, once, and what is of the wrong type is left out instead of failing the panel:
 *
 * - a channel switch that is not a boolean is not a switch (it is left out of `channels`);
 * - a schedule that is not an object is no schedule; a day that is not an object is a missing day (off);
 *   `isEnabled` is on only when it is `true`; `hours` that is not a list is an empty one; a range that is not
 *   an object with a string `start` and `end` leaves the list (a string that is not a time stays, so the
 *   editor shows it and asks for a fix); days the week does not have are left out;
 * - a workflow preference without a `workflow` that has a non-empty string `identifier` cannot be shown or
 *   saved: it is dropped, and only it. Its `name` and `slug` fall back to the identifier, `enabled` is off
 *   only when it is `false`, `overrides` that are not objects with a string `channel` and `source` leave the
 *   list.
 */
import { WEEK_DAYS } from '../client/enums.js';
import type {
  DaySchedule,
  PreferenceChannels,
  PreferenceOverride,
  Schedule,
  SubscriberPreferences,
  TimeRange,
  WeeklySchedule,
  WorkflowPreference,
} from '../client/types.js';

type Json = Record<string, unknown>;

/** `raw` with every part of its type; never throws. */
export function normalisePreferences(raw: unknown): SubscriberPreferences {
  const source = isObject(raw) ? raw : {};
  const global = isObject(source.global) ? source.global : {};
  const schedule = scheduleShape(global.schedule);
  return {
    ...source,
    global: {
      ...global,
      enabled: global.enabled !== false,
      channels: channels(global.channels),
      ...(schedule ? { schedule } : {}),
    },
    workflows: (Array.isArray(source.workflows) ? (source.workflows as unknown[]) : []).flatMap((item) => {
      const preference = workflowPreference(item);
      return preference ? [preference] : [];
    }),
  } as SubscriberPreferences;
}

/** A schedule of its type, or `undefined` when `raw` is none. */
export function scheduleShape(raw: unknown): Schedule | undefined {
  if (!isObject(raw)) return undefined;
  const schedule: Schedule = { isEnabled: raw.isEnabled === true };
  if (isObject(raw.weeklySchedule)) {
    const week: WeeklySchedule = {};
    for (const day of WEEK_DAYS) {
      const entry = raw.weeklySchedule[day];
      if (isObject(entry)) week[day] = dayShape(entry);
    }
    schedule.weeklySchedule = week;
  }
  return schedule;
}

function dayShape(raw: Json): DaySchedule {
  const day: DaySchedule = { isEnabled: raw.isEnabled === true };
  if ('hours' in raw) {
    day.hours = (Array.isArray(raw.hours) ? (raw.hours as unknown[]) : []).flatMap((range): TimeRange[] =>
      isObject(range) && typeof range.start === 'string' && typeof range.end === 'string'
        ? [{ start: range.start, end: range.end }]
        : [],
    );
  }
  return day;
}

function channels(raw: unknown): PreferenceChannels {
  if (!isObject(raw)) return {};
  return Object.fromEntries(
    Object.entries(raw).filter(([, value]) => typeof value === 'boolean'),
  ) as PreferenceChannels;
}

function workflowPreference(raw: unknown): WorkflowPreference | undefined {
  if (!isObject(raw) || !isObject(raw.workflow)) return undefined;
  const { identifier, name, slug, updatedAt } = raw.workflow;
  if (typeof identifier !== 'string' || identifier === '') return undefined;
  const workflow: WorkflowPreference['workflow'] = {
    ...raw.workflow,
    identifier,
    name: typeof name === 'string' ? name : identifier,
    slug: typeof slug === 'string' ? slug : identifier,
  };
  if (typeof updatedAt !== 'string') delete workflow.updatedAt;
  const preference: WorkflowPreference = {
    ...raw,
    enabled: raw.enabled !== false,
    channels: channels(raw.channels),
    overrides: (Array.isArray(raw.overrides) ? (raw.overrides as unknown[]) : []).filter(
      (o): o is PreferenceOverride =>
        isObject(o) && typeof o.channel === 'string' && typeof o.source === 'string',
    ),
    workflow,
  };
  if (typeof preference.updatedAt !== 'string') delete preference.updatedAt;
  return preference;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
