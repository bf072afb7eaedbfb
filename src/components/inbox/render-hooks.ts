/**
 * Render hooks: a team's own row, or its own avatar, subject, body or buttons in the default row. A hook
 * returns what to show; the inbox places it, and removes it when the row goes. The inbox keeps the row
 * around it: the `<article>`, its name, the roving focus and keys, clicks, the unread state, virtualization.
 */
import { nothing, type TemplateResult } from 'lit';
import type { Message, MessageButton } from '../../client/types.js';
import type { TranslationKey, TranslationParams } from '../../i18n/index.js';

/**
 * What a render hook returns: a Lit template, a DOM node (a new one per call: a node is in one place at a
 * time), a string (shown as text, never parsed as HTML), `null` or Lit's `nothing` (show nothing there), or
 * `undefined` (show the default for that piece).
 */
export type RenderHookResult = TemplateResult | Node | string | null | undefined | typeof nothing;

/** The state of one row and what it can do, handed to every render hook with the message. */
export interface NotifRowContext {
  /** Marks this message `read`, `unread`, `seen` or `unseen`: at once on screen, then saved (resolves with the store's result; a failure is rolled back and fires `notif-error`). */
  markAs(markAs: 'read' | 'unread' | 'seen' | 'unseen'): Promise<unknown>;
  /**
   * Presses the message's call-to-action button `index` (0: primary, 1: secondary) as the default row's
   * buttons do: fires the cancelable `notif-action`, then marks the message read.
   */
  pressAction(index: number): void;
  /** The message's call-to-action buttons (`cta.action.buttons`), possibly none. */
  buttons: readonly MessageButton[];
  /** Whether the message has been read. */
  read: boolean;
  /** Whether the message has been seen. */
  seen: boolean;
  /** The message's URL (`cta.data.url`) when it is safe to follow (http, https or relative), else `undefined`. */
  url: string | undefined;
  /** The message's avatar URL when it is safe to load, else `undefined`. */
  avatarUrl: string | undefined;
  /** The subject (or title) of the message, as text; empty when it has neither. */
  subject: string;
  /** The relative time, formatted for the element's locale ("5 minutes ago"); empty for an invalid date. */
  time: string;
  /** The creation time as an ISO string (for `<time datetime>`); empty for an invalid date. */
  dateTime: string;
  /** The element's translator: the string of a translation key, in the element's locale and strings. */
  t: (key: TranslationKey, params?: TranslationParams) => string;
  /**
   * Whether the row holds the roving focus (is the list's one tab stop). Controls in a custom row should use
   * `tabindex=${context.focused ? 0 : -1}` so that Tab reaches only the active row's controls.
   */
  focused: boolean;
  /** The row's position in the list shown, from 0. */
  index: number;
  /** The element's locale (BCP 47). */
  locale: string;
  /** The direction of the element's content. */
  dir: 'ltr' | 'rtl';
}

/** A render hook: what to show for `message` in one place of its row. */
export type RenderHook = (message: Message, context: NotifRowContext) => RenderHookResult;

/** The render hooks of `<notif-inbox>` (and of `<notif-bell>`, which passes them to its inbox). */
export interface RowRenderers {
  /** Replaces the whole content of a row. */
  renderMessage?: RenderHook | undefined;
  /** Replaces the avatar of the default row. */
  renderAvatar?: RenderHook | undefined;
  /** Replaces the subject of the default row. */
  renderSubject?: RenderHook | undefined;
  /** Replaces the body of the default row (still clamped, with "Show more"). */
  renderBody?: RenderHook | undefined;
  /** Replaces the call-to-action buttons of the default row. */
  renderActions?: RenderHook | undefined;
}

/** Hooks that threw, so each is reported once and not for every row. */
const reported = new WeakSet<RenderHook>();

/**
 * What `hook` shows for this row, or `undefined` for the default: when there is no hook, when it returned
 * `undefined`, or when it threw (reported on the console once per hook).
 */
export function runHook(
  hook: RenderHook | undefined,
  message: Message,
  context: () => NotifRowContext,
): Exclude<RenderHookResult, undefined> | undefined {
  if (typeof hook !== 'function') return undefined;
  try {
    const result = hook(message, context());
    return result === null ? nothing : result;
  } catch (error) {
    if (!reported.has(hook)) {
      reported.add(hook);
      console.error('notif-elements: a render hook threw; its rows show the default content.', error);
    }
    return undefined;
  }
}
