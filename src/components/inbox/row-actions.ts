/**
 * The items a host adds to each row's "More actions" menu (`rowActions` on `<notif-inbox>` and
 * `<notif-bell>`). Types only: the menu that shows them is loaded on first use (`row-menu.ts`).
 */
import type { TemplateResult } from 'lit';
import type { Message } from '../../client/types.js';

/** One item of the row menu, added by the host. */
export interface NotifRowAction {
  /** Identifies the item in `notif-row-action` (`detail.id`); default: its label. */
  id?: string;
  /** The item's text (and accessible name), shown as text. */
  label: string;
  /** An icon before the label: a Lit template, usually an inline `<svg>` in `currentColor` (decorative). */
  icon?: TemplateResult;
  /**
   * Runs when the item is chosen, after `notif-row-action` unless that event was cancelled. A promise that
   * rejects is reported as `notif-error` (operation `rowAction`).
   */
  handler: (message: Message) => void | Promise<unknown>;
  /** Whether the item shows for this message; default: for every message. A predicate that throws hides it. */
  shownFor?: (message: Message) => boolean;
}
