import type { TranslationTable } from './types.js';

/**
 * The English strings of the inbox row's "More actions" menu and of "Turn off notifications like this".
 * Loaded with the menu (its own chunk), which adds them to the built-in strings (see `addBuiltInStrings`);
 * the More button's own name, `rowMenu.more`, is in `en-inbox.ts`.
 */
export const enRowMenu = {
  /** The menu's name. */
  'rowMenu.label': 'Notification actions',
  'rowMenu.markRead': 'Mark as read',
  'rowMenu.markUnread': 'Mark as unread',
  /** Turns the message's workflow's in-app channel off. */
  'rowMenu.turnOff': 'Turn off notifications like this',
  /** Shown (and announced) once it is off; `{name}` is the workflow's name. */
  'rowMenu.turnedOff': 'You will no longer get “{name}” notifications here.',
  'rowMenu.undo': 'Undo',
  /** After Undo. */
  'rowMenu.turnedOn': '“{name}” notifications are on again.',
  'rowMenu.turnOffFailed': '“{name}” notifications could not be turned off. Nothing changed.',
  'rowMenu.undoFailed': '“{name}” notifications could not be turned back on. Try again.',
  'rowMenu.dismiss': 'Dismiss',
} as const satisfies TranslationTable;
