/**
 * The shape check of every message the inbox store takes in (list pages, mark-as answers, other tabs' copies).
 * Every field of a message comes from other people's data, and the elements and the store read them as their
 * types say. So each field they read is checked here, once: strings are strings, dates parse, objects are
 * objects, lists are lists of their items. A field of the wrong type is dropped (`read` and `seen` that are
 * not `true` read as `false`, a `cta` that is not an object as `{}`), an item of the wrong type leaves its
 * list, and the message is kept without them: one bad field costs at most that field, never the message's
 * neighbours. Fields nothing reads are passed on as they came.
 *
 * A message without a non-empty string `_id` cannot be shown in a stable place, marked or synced between tabs:
 * it is dropped, and only it.
 */
import type { Message, MessageCTA } from '../client/types.js';

/** A message the store keeps: it has an `_id`. */
export type KeyedMessage = Message & { _id: string };

type Json = Record<string, unknown>;
type Test = (value: unknown) => boolean;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString: Test = (value) => typeof value === 'string';
const isDate: Test = (value) => isString(value) && !Number.isNaN(Date.parse(value as string));

/** `raw` as a {@link KeyedMessage} whose fields read are of their types, or `undefined` without a usable id. */
export function normaliseMessage(raw: unknown): KeyedMessage | undefined {
  if (!isObject(raw) || !raw._id || !isString(raw._id)) return undefined;
  const m = check({ ...raw, read: raw.read === true, seen: raw.seen === true, cta: cta(raw.cta) }, isString, [
    'channel',
    'subject',
    'title',
    'avatar',
  ]);
  check(m, isDate, ['createdAt', 'lastSeenDate', 'lastReadDate']);
  check(m, isObject, ['payload']);
  if (Array.isArray(m.content)) {
    m.content = objects(m.content, ['type', 'content', 'url']).map((block) =>
      check(block, (styles) => isObject(styles) && isString(styles.textAlign), ['styles']),
    );
  } else check(m, isString, ['content']);
  return m as unknown as KeyedMessage;
}

/** Always an object (the type requires one). */
function cta(raw: unknown): MessageCTA {
  if (!isObject(raw)) return {};
  const c = check({ ...raw }, isString, ['type']);
  if (isObject(c.data)) c.data = check({ ...c.data }, isString, ['url']);
  else check(c, isObject, ['data']);
  if (isObject(c.action)) {
    const action = (c.action = check({ ...c.action }, isString, ['status']));
    check(action, isObject, ['result']);
    if (Array.isArray(action.buttons))
      action.buttons = objects(action.buttons, ['type', 'content', 'resultContent']);
    else delete action.buttons;
  } else check(c, isObject, ['action']);
  return c;
}

/** The objects of `list`, copied, with their `strings` fields that are not strings dropped. */
function objects(list: unknown[], strings: string[]): Json[] {
  return list.filter(isObject).map((item) => check({ ...item }, isString, strings));
}

/** Drops the `keys` of `target` whose value fails `test` (absent keys stay absent); returns `target`. */
function check(target: Json, test: Test, keys: string[]): Json {
  for (const key of keys) if (key in target && !test(target[key])) delete target[key];
  return target;
}

/**
 * Mark-as responses (and the copies other tabs send of them) are not filtered by channel: a message the
 * user marked is kept whatever it says. Its fields are checked as a list's are.
 */
export function cleanAny(data: readonly Message[] | undefined): KeyedMessage[] {
  const kept: KeyedMessage[] = [];
  for (const raw of Array.isArray(data) ? (data as readonly unknown[]) : []) {
    const message = normaliseMessage(raw);
    if (message) kept.push(message);
  }
  return kept;
}
