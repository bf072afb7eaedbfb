/**
 * The shape check of every message the inbox store takes in (list pages, mark-as answers, other tabs' copies).
 * Every field of a message comes from other people's data, and the elements, the store and the host's event
 * listeners read them as their types say. So each field is checked against its type here, once: arrays are
 * arrays, strings are strings, objects are objects, dates parse. A field of the wrong type is dropped (or, for
 * `read` and `seen`, read as `false`; an item of a list that is not of its type leaves the list), and the
 * message is kept without it: one bad field costs at most that field, never the message's neighbours.
 *
 * A message without a non-empty string `_id` cannot be shown in a stable place, marked or synced between tabs:
 * it is dropped, and only it.
 */
import type { EmailBlock, Message, MessageButton, MessageCTA } from '../client/types.js';

/** A message the store keeps: it has an `_id`. */
export type KeyedMessage = Message & { _id: string };

type Json = Record<string, unknown>;

/** Optional string fields: dropped when not a string. `null` is kept where the type allows it. */
const STRINGS = [
  'channel',
  'status',
  'transactionId',
  '_environmentId',
  '_organizationId',
  '_notificationId',
  '_subscriberId',
  'templateIdentifier',
  'subject',
  'title',
  'avatar',
  'email',
  'phone',
  'directWebhookUrl',
  'providerId',
  'errorId',
  'errorText',
] as const;
const NULLABLE_STRINGS = ['_templateId', '_messageTemplateId', '_feedId'] as const;
/** Date fields: dropped unless a string that parses as a date. */
const DATES = ['createdAt', 'lastSeenDate', 'lastReadDate', 'snoozedUntil'] as const;
/** Object fields: dropped unless a plain object. */
const OBJECTS = ['payload', 'overrides', 'subscriber', 'template'] as const;
/** Lists of strings: dropped unless an array; items that are not strings leave it. */
const STRING_LISTS = ['deliveredAt', 'deviceTokens', 'contextKeys'] as const;

/** `raw` as a {@link KeyedMessage} whose every field is of its type, or `undefined` when it has no usable id. */
export function normaliseMessage(raw: unknown): KeyedMessage | undefined {
  if (!isObject(raw) || typeof raw._id !== 'string' || raw._id === '') return undefined;
  const m: Json = { ...raw };
  for (const key of STRINGS) if (key in m && typeof m[key] !== 'string') delete m[key];
  for (const key of NULLABLE_STRINGS)
    if (key in m && m[key] !== null && typeof m[key] !== 'string') delete m[key];
  for (const key of DATES) if (key in m && !isDate(m[key])) delete m[key];
  for (const key of OBJECTS) if (key in m && !isObject(m[key])) delete m[key];
  for (const key of STRING_LISTS) if (key in m) setOrDrop(m, key, stringList(m[key]));
  m.read = m.read === true;
  m.seen = m.seen === true;
  if ('content' in m) setOrDrop(m, 'content', content(m.content));
  m.cta = cta(m.cta);
  if (isObject(m.template) && 'tags' in m.template) {
    m.template = { ...m.template };
    setOrDrop(m.template as Json, 'tags', stringList((m.template as Json).tags));
  }
  return m as unknown as KeyedMessage;
}

function content(value: unknown): Message['content'] | undefined {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) return undefined;
  return value.filter(isObject).map((block) => {
    const b: Json = { ...block };
    for (const key of ['type', 'content', 'url'] as const)
      if (key in b && typeof b[key] !== 'string') delete b[key];
    if ('styles' in b) {
      const styles = isObject(b.styles) && typeof b.styles.textAlign === 'string' ? b.styles : undefined;
      setOrDrop(b, 'styles', styles && { ...styles });
    }
    return b as unknown as EmailBlock;
  });
}

/** Always an object (the type requires one): `{}` in place of anything else. */
function cta(value: unknown): MessageCTA {
  if (!isObject(value)) return {};
  const c: Json = { ...value };
  if ('type' in c && typeof c.type !== 'string') delete c.type;
  if ('data' in c) {
    const data = isObject(c.data) ? { ...c.data } : undefined;
    if (data && 'url' in data && typeof data.url !== 'string') delete data.url;
    setOrDrop(c, 'data', data);
  }
  if ('action' in c) setOrDrop(c, 'action', action(c.action));
  return c as MessageCTA;
}

function action(value: unknown): MessageCTA['action'] | undefined {
  if (!isObject(value)) return undefined;
  const a: Json = { ...value };
  if ('status' in a && typeof a.status !== 'string') delete a.status;
  if ('result' in a && !isObject(a.result)) delete a.result;
  if ('buttons' in a) {
    const buttons = Array.isArray(a.buttons)
      ? a.buttons.filter(isObject).map((button) => {
          const b: Json = { ...button };
          for (const key of ['type', 'content', 'resultContent'] as const)
            if (key in b && typeof b[key] !== 'string') delete b[key];
          return b as unknown as MessageButton;
        })
      : undefined;
    setOrDrop(a, 'buttons', buttons);
  }
  return a;
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
}

function setOrDrop(target: Json, key: string, value: unknown): void {
  if (value === undefined) delete target[key];
  else target[key] = value;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isDate(value: unknown): value is string {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value));
}
