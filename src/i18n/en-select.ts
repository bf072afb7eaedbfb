import type { TranslationTable } from './types.js';

/**
 * The English strings of the inbox's `selectable` mode (row checkboxes and the bulk bar), apart from the
 * inbox's so that a page that never turns selection on does not download them. The selection module adds
 * them to the translator as it loads (see `addBuiltInStrings`).
 */
export const enSelect = {
  /** The name of a row's checkbox: the message's subject (else the start of its body). */
  'select.row': 'Select {subject}',
  /** The name of the group holding "Select all" and the bulk actions. */
  'select.bar': 'Selection',
  /** The checkbox that selects every loaded message (tri-state while some are). */
  'select.all': 'Select all',
  /** Shown in the bulk bar, and announced politely whenever the selection changes. */
  'select.count': {
    '=0': 'No notifications selected',
    one: '{count} selected',
    other: '{count} selected',
  },
  'select.markRead': 'Mark as read',
  'select.markUnread': 'Mark as unread',
  'select.markSeen': 'Mark as seen',
  'select.clear': 'Clear',
  /** The name of "Clear" (its visible text is part of it). */
  'select.clearLabel': 'Clear selection',
} as const satisfies TranslationTable;
