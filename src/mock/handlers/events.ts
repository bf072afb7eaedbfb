import { CHANNEL_TYPES } from '../../client/enums.js';
import type { EventList, NotificationEvent } from '../../client/types.js';
import { ok, type Handler } from '../context.js';
import { eventNotFound } from '../errors.js';
import { QueryReader } from '../validate.js';

/**
 * `GET /v1/notifications`: newest first, not wrapped in `{data}`. Repeated filters match any of their values
 * (`contextKeys`: every key); `after` and `before` bound `createdAt` (exclusive; `before` defaults to now).
 * A `channels` value that is not a channel type is a 422 "Validation Error".
 */
export const listEvents: Handler = ({ db, now, query }) => {
  const reader = new QueryReader(query);
  const page = reader.integer('page', 0, { min: 0 });
  const limit = reader.integer('limit', 10, { min: 1, max: 50 });
  const channels = reader.manyOf('channels', CHANNEL_TYPES, true);
  const templates = reader.strings('templates');
  const emails = reader.strings('emails');
  const subscriberIds = reader.strings('subscriberIds');
  const severities = reader.strings('severity');
  const contextKeys = reader.strings('contextKeys');
  const transactionId = reader.string('transactionId');
  const topicKey = reader.string('topicKey');
  const after = reader.date('after');
  const before = reader.date('before') ?? now.getTime();
  reader.done();

  const anyOf = (wanted: string[], value: string | undefined) =>
    wanted.length === 0 || wanted.includes(value ?? '');
  const matches = db.events.filter((event: NotificationEvent) => {
    const created = event.createdAt ? Date.parse(event.createdAt) : NaN;
    return (
      (channels.length === 0 ||
        (event.channels ?? []).some((channel) => (channels as string[]).includes(channel))) &&
      anyOf(templates, event._templateId) &&
      anyOf(emails, event.subscriber?.email) &&
      (subscriberIds.length === 0 ||
        subscriberIds.includes(event.subscriber?.subscriberId ?? '') ||
        subscriberIds.includes(event._subscriberId)) &&
      anyOf(severities, event.severity) &&
      (transactionId === undefined || event.transactionId === transactionId) &&
      (topicKey === undefined || (event.topics ?? []).some((topic) => topic.topicKey === topicKey)) &&
      contextKeys.every((key) => event.contextKeys?.includes(key)) &&
      (after === undefined || created > after) &&
      !(created >= before)
    );
  });
  const list: EventList = {
    hasMore: (page + 1) * limit < matches.length,
    data: matches.slice(page * limit, (page + 1) * limit),
    pageSize: limit,
    page,
  };
  return ok(list);
};

/** `GET /v1/notifications/{notificationId}`. */
export const getEvent: Handler = ({ db, params }) => {
  const event = db.events.find((item) => item._id === params.notificationId);
  if (!event) throw eventNotFound(params.notificationId!);
  return ok({ data: event });
};
