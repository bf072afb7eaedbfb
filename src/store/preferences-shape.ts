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
import type { Schedule, SubscriberPreferences, WorkflowPreference } from '../client/types.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const strings = (value: unknown, ...keys: string[]): value is Json =>
  isObject(value) && keys.every((key) => typeof value[key] === 'string');

/** `raw` with every part of its type; never throws. */
export function normalisePreferences(raw: unknown): SubscriberPreferences {
  const source = isObject(raw) ? raw : {};
  const global = isObject(source.global) ? source.global : {};
  const schedule = scheduleShape(global.schedule);
  const workflows: WorkflowPreference[] = [];
  for (const item of list(source.workflows)) {
    if (!isObject(item) || !isObject(item.workflow)) continue;
    const { identifier, name, slug } = item.workflow;
    if (!identifier || typeof identifier !== 'string') continue;
    workflows.push({
      ...item,
      enabled: item.enabled !== false,
      channels: channels(item.channels),
      overrides: list(item.overrides).filter((o) => strings(o, 'channel', 'source')),
      workflow: {
        ...item.workflow,
        identifier,
        name: typeof name === 'string' ? name : identifier,
        slug: typeof slug === 'string' ? slug : identifier,
      },
    } as unknown as WorkflowPreference);
  }
  const { schedule: _, ...rest } = global;
  return {
    ...source,
    global: {
      ...rest,
      enabled: global.enabled !== false,
      channels: channels(global.channels),
      ...(schedule && { schedule }),
    },
    workflows,
  } as SubscriberPreferences;
}

/** A schedule of its type, or `undefined` when `raw` is none. */
function scheduleShape(raw: unknown): Schedule | undefined {
  if (!isObject(raw)) return undefined;
  const schedule: Schedule = { isEnabled: raw.isEnabled === true };
  const week = raw.weeklySchedule;
  if (isObject(week)) {
    schedule.weeklySchedule = {};
    for (const day of WEEK_DAYS) {
      const entry = week[day];
      if (!isObject(entry)) continue;
      schedule.weeklySchedule[day] = {
        isEnabled: entry.isEnabled === true,
        ...('hours' in entry && {
          hours: list(entry.hours)
            .filter((range) => strings(range, 'start', 'end'))
            .map((range) => ({ start: (range as Json).start as string, end: (range as Json).end as string })),
        }),
      };
    }
  }
  return schedule;
}

function channels(raw: unknown): Record<string, boolean> {
  return Object.fromEntries(
    Object.entries(isObject(raw) ? raw : {}).filter(([, on]) => typeof on === 'boolean'),
  ) as Record<string, boolean>;
}
