import type { TranslationTable } from './types.js';

/**
 * The English strings of `<notif-toast>`, apart from the inbox's so that a page without toasts does not
 * download them with the bell. The toast element adds them to the translator as it loads (see
 * `addBuiltInStrings`).
 */
export const enToast = {
  /** The name of the toasts' region (a landmark a screen reader can jump to). */
  'toast.region': 'New notifications',
  'toast.dismiss': 'Dismiss',
  /** The title of a toast whose message has no subject. */
  'toast.untitled': 'New notification',
  /** Read by screen readers (politely) as a toast appears. */
  'toast.announce': 'New notification: {subject}',
} as const satisfies TranslationTable;
