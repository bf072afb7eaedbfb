import { CHANNEL_TYPES, MARK_AS, type MarkAs } from '../../client/enums.js';
import { applyMarkAs } from '../../client/mark-as.js';
import type { Message, MessageList } from '../../client/types.js';
import { ok, type Handler } from '../context.js';
import { findSubscriber, ownership } from '../db.js';
import { subscriberNotFound, validationFailed, type FieldError } from '../errors.js';
import { bodyObject, QueryReader } from '../validate.js';

/** In the order the service lists them in its validation message. */
const MARK_AS_VALUES = ['read', 'seen', 'unread', 'unseen'] as const;

/** The largest page `GET /v1/messages` serves by default; a larger `limit` is lowered to it. */
export const MAX_MESSAGES_PAGE = 100;

/**
 * `GET /v1/messages`: newest first, not wrapped in `{data}`. Filters combine (and); `transactionId` and
 * `contextKeys` repeat (a message matches one of the transaction ids, and has every context key). An
 * unknown `subscriberId` gives an empty page.
 */
export const listMessages: Handler = ({ db, query, maxMessagesPage }) => {
  const reader = new QueryReader(query);
  const channel = reader.oneOf('channel', CHANNEL_TYPES);
  const page = reader.integer('page', 0, { min: 0 });
  const limit = Math.min(reader.integer('limit', 10, { min: 1 }), maxMessagesPage);
  const subscriberId = reader.string('subscriberId');
  const transactionIds = reader.strings('transactionId');
  const contextKeys = reader.strings('contextKeys');
  reader.done();

  const subscriber = subscriberId === undefined ? undefined : findSubscriber(db, subscriberId);
  const belongsTo = ownership(db);
  const matches = db.messages.filter(
    (message) =>
      (subscriberId === undefined || (subscriber !== undefined && belongsTo(message, subscriber))) &&
      (channel === undefined || message.channel === channel) &&
      (transactionIds.length === 0 || transactionIds.includes(message.transactionId)) &&
      contextKeys.every((key) => message.contextKeys?.includes(key)),
  );
  const data = matches.slice(page * limit, (page + 1) * limit);
  const list: MessageList = {
    totalCount: matches.length,
    hasMore: (page + 1) * limit < matches.length,
    data,
    pageSize: limit,
    page,
  };
  return ok(list);
};

/**
 * `POST /v1/subscribers/{subscriberId}/messages/mark-as`: 201 with the updated messages, in the order their
 * ids were sent. Ids of other subscribers' messages, of non-in-app messages or of no message are ignored.
 * The flags move by `applyMarkAs`, the rule the client's optimistic updates use too.
 */
export const markMessagesAs: Handler = ({ db, now, params, body }) => {
  const request = bodyObject(body);
  const errors: Record<string, FieldError> = {};
  const markAs = request.markAs;
  if (typeof markAs !== 'string' || !(MARK_AS as readonly string[]).includes(markAs)) {
    errors.markAs = {
      messages: [`markAs must be one of the following values: ${MARK_AS_VALUES.join(', ')}`],
      value: markAs,
    };
  }
  const ids = request.messageId;
  const idMessages = messageIdErrors(ids);
  if (idMessages.length > 0) errors.messageId = { messages: idMessages, value: ids };
  if (Object.keys(errors).length > 0) throw validationFailed(errors);

  const subscriber = findSubscriber(db, params.subscriberId!);
  if (!subscriber) throw subscriberNotFound(params.subscriberId!);

  const belongsTo = ownership(db);
  const updated: Message[] = [];
  for (const id of new Set(typeof ids === 'string' ? [ids] : (ids as string[]))) {
    const index = db.messages.findIndex(
      (message) => message._id === id && message.channel === 'in_app' && belongsTo(message, subscriber),
    );
    if (index < 0) continue;
    const message = applyMarkAs(db.messages[index]!, markAs as MarkAs, now);
    db.messages[index] = message;
    updated.push(message);
  }
  return { status: 201, body: { data: updated } };
};

function messageIdErrors(ids: unknown): string[] {
  if (ids === undefined || ids === null || ids === '' || (Array.isArray(ids) && ids.length === 0)) {
    return ['messageId should not be empty'];
  }
  if (typeof ids === 'string') return [];
  if (Array.isArray(ids)) {
    return ids.every((id) => typeof id === 'string' && id !== '')
      ? []
      : ['each value in messageId must be a non-empty string'];
  }
  return ['messageId must be a string or an array of strings'];
}
