/**
 * The `context` the render hooks get, built in one place for every element that renders messages with
 * them (`<notif-inbox>`, `<notif-toast>`), and the default of a call-to-action button, which it offers.
 */
import type { Message } from '../../client/types.js';
import { NotifActionEvent } from '../../events/action.js';
import type { Translator } from '../../i18n/index.js';
import { reportFailure } from '../../internal/report-failure.js';
import { safeImageUrl, safeUrl } from '../../internal/safe-url.js';
import type { InboxStore } from '../../store/inbox.js';
import { messageHeading } from './inbox-message.js';
import type { NotifRowContext } from './render-hooks.js';

export interface RowContextSource {
  /** The element: it fires `notif-action` and `notif-error`. */
  host: HTMLElement;
  /** The store the element uses now (asked when an action runs). */
  store: () => InboxStore | undefined;
  t: Translator;
  dir: 'ltr' | 'rtl';
  /** The row's position, whether it holds the focus, and the time the row is drawn at. */
  index: number;
  focused: boolean;
  now: Date;
  /** Replaces what `pressAction` does (the default: {@link pressMessageAction}). */
  pressAction?: (index: number) => void;
}

/** What the render hooks get for one message. */
export function rowContext(message: Message, from: RowContextSource): NotifRowContext {
  const { host, store, t } = from;
  const created = new Date(message.createdAt);
  const valid = !Number.isNaN(created.getTime());
  const id = message._id;
  return {
    markAs: (markAs) => {
      const action = id ? store()?.markAs([id], markAs) : undefined;
      void reportFailure(host, action, 'markAs');
      return action ?? Promise.resolve(undefined);
    },
    pressAction: from.pressAction ?? ((index) => pressMessageAction(host, store(), message, index)),
    buttons: message.cta?.action?.buttons ?? [],
    read: message.read === true,
    seen: message.seen === true,
    url: safeUrl(message.cta?.data?.url),
    avatarUrl: safeImageUrl(message.avatar),
    subject: messageHeading(message),
    time: valid ? t.relativeTime(created, from.now) : '',
    dateTime: valid ? created.toISOString() : '',
    t: (key, params) => t.t(key, params),
    focused: from.focused,
    index: from.index,
    locale: t.locale,
    dir: from.dir,
  };
}

/**
 * Presses the message's call-to-action button `index`: a cancelable `notif-action` from `host`, then, unless
 * cancelled, the message is marked read. Returns whether there was such a button.
 */
export function pressMessageAction(
  host: HTMLElement,
  store: InboxStore | undefined,
  message: Message,
  index: number,
): boolean {
  const button = message.cta?.action?.buttons?.[index];
  if (!button) return false;
  const event = new NotifActionEvent({ message, button, index });
  host.dispatchEvent(event);
  if (!event.defaultPrevented && !message.read && message._id) {
    void reportFailure(host, store?.markAs([message._id], 'read'), 'markAs');
  }
  return true;
}
