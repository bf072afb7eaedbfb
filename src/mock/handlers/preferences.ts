import { CHANNEL_TYPES, WEEK_DAYS, type ChannelType } from '../../client/enums.js';
import type {
  PreferenceChannels,
  Schedule,
  SubscriberPreferences,
  WorkflowPreference,
} from '../../client/types.js';
import { ok, type Handler } from '../context.js';
import {
  defaultPreferences,
  defaultWorkflowPreference,
  findSubscriber,
  findWorkflow,
  type Db,
} from '../db.js';
import { badRequest, subscriberNotFound, workflowNotFound } from '../errors.js';
import { bodyObject, isPlainObject, QueryReader, unknownProperties } from '../validate.js';

/** `hh:mm AM|PM`, the only time form the service accepts in a schedule. */
export const TIME_OF_DAY = /^(0[1-9]|1[0-2]):[0-5]\d (AM|PM)$/;

function preferencesOf(db: Db, subscriberId: string): SubscriberPreferences {
  if (!findSubscriber(db, subscriberId)) throw subscriberNotFound(subscriberId);
  return (db.preferences[subscriberId] ??= defaultPreferences(db.workflows));
}

/** Values of `criticality` on `GET /v2/subscribers/{subscriberId}/preferences` (default `nonCritical`). */
export const CRITICALITIES = ['critical', 'nonCritical', 'all'] as const;

/**
 * `GET /v2/subscribers/{subscriberId}/preferences`. A `criticality` outside {@link CRITICALITIES} is a 422
 * "Validation Error"; any valid one answers as `nonCritical` does (critical workflows are never listed).
 */
export const getPreferences: Handler = ({ db, params, query }) => {
  const reader = new QueryReader(query);
  reader.oneOf('criticality', CRITICALITIES, true);
  reader.done();
  return ok({ data: preferencesOf(db, params.subscriberId!) });
};

/**
 * `PATCH /v2/subscribers/{subscriberId}/preferences`. With `workflowId`, the channels of that workflow change
 * (each channel sent gets a `subscriber` override; the workflow's `enabled` is left as it is);
 * without it, the global channels change. A `schedule` always replaces the global schedule. Answers with the
 * whole updated preferences.
 */
export const updatePreferences: Handler = ({ db, now, params, body }) => {
  const patch = bodyObject(body);
  const errors = [
    ...unknownProperties(patch, ['channels', 'workflowId', 'schedule', 'context']),
    ...channelErrors(patch.channels),
    ...scheduleErrors(patch.schedule),
  ];
  if (patch.workflowId !== undefined && typeof patch.workflowId !== 'string')
    errors.push('workflowId must be a string');
  if (errors.length > 0) throw badRequest(errors);

  const preferences = preferencesOf(db, params.subscriberId!);
  const channels = (patch.channels ?? {}) as PreferenceChannels;
  const at = now.toISOString();

  if (typeof patch.workflowId === 'string') {
    const workflow = findWorkflow(db, patch.workflowId);
    if (!workflow) throw workflowNotFound(patch.workflowId);
    let entry = preferences.workflows.find(
      (item) => item.workflow.identifier === workflow.workflowId || item.workflow.slug === workflow.slug,
    );
    if (!entry) {
      entry = defaultWorkflowPreference(workflow);
      preferences.workflows.push(entry);
    }
    setWorkflowChannels(entry, channels);
    entry.updatedAt = at;
  } else {
    Object.assign(preferences.global.channels, channels);
  }
  if (patch.schedule !== undefined) preferences.global.schedule = patch.schedule as Schedule;
  return ok({ data: preferences });
};

function setWorkflowChannels(entry: WorkflowPreference, channels: PreferenceChannels): void {
  for (const [channel, enabled] of Object.entries(channels) as [ChannelType, boolean][]) {
    entry.channels[channel] = enabled;
    entry.overrides = entry.overrides.filter((override) => override.channel !== channel);
    entry.overrides.push({ channel, source: 'subscriber' });
  }
  // `enabled` is not derived from the channels: this package reads `enabled: false` as "turned off by the
  // sender", which a subscriber's own switches never change (see the README).
}

function channelErrors(channels: unknown): string[] {
  if (channels === undefined) return [];
  if (!isPlainObject(channels)) return ['nested property channels must be either object or array'];
  const errors = unknownProperties(channels, CHANNEL_TYPES, 'channels.');
  for (const channel of CHANNEL_TYPES) {
    const value = channels[channel];
    if (value !== undefined && typeof value !== 'boolean')
      errors.push(`channels.${channel} must be a boolean value`);
  }
  return errors;
}

function scheduleErrors(schedule: unknown): string[] {
  if (schedule === undefined) return [];
  if (!isPlainObject(schedule)) return ['nested property schedule must be either object or array'];
  const errors = unknownProperties(schedule, ['isEnabled', 'weeklySchedule'], 'schedule.');
  if (typeof schedule.isEnabled !== 'boolean') errors.push('schedule.isEnabled must be a boolean value');
  const weekly = schedule.weeklySchedule;
  if (weekly === undefined) return errors;
  if (!isPlainObject(weekly)) return [...errors, 'schedule.weeklySchedule must be an object'];
  errors.push(...unknownProperties(weekly, WEEK_DAYS, 'schedule.weeklySchedule.'));
  for (const day of WEEK_DAYS) {
    if (weekly[day] !== undefined) errors.push(...dayErrors(weekly[day], `schedule.weeklySchedule.${day}`));
  }
  return errors;
}

function dayErrors(day: unknown, at: string): string[] {
  if (!isPlainObject(day)) return [`${at} must be an object`];
  const errors = unknownProperties(day, ['isEnabled', 'hours'], `${at}.`);
  if (typeof day.isEnabled !== 'boolean') errors.push(`${at}.isEnabled must be a boolean value`);
  if (day.hours === undefined) return errors;
  if (!Array.isArray(day.hours)) return [...errors, `${at}.hours must be an array`];
  day.hours.forEach((range: unknown, index) => {
    const where = `${at}.hours.${index}`;
    if (!isPlainObject(range)) {
      errors.push(`${where} must be an object`);
      return;
    }
    errors.push(...unknownProperties(range, ['start', 'end'], `${where}.`));
    for (const edge of ['start', 'end'] as const) {
      const value = range[edge];
      if (typeof value !== 'string' || !TIME_OF_DAY.test(value)) {
        errors.push(`${where}.${edge} must match ${TIME_OF_DAY} regular expression`);
      }
    }
  });
  return errors;
}
