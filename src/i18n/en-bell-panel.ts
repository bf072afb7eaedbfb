import type { TranslationTable } from './types.js';

/**
 * The English strings of the bell's panel (its buttons, the settings view's switch): added to the built-in
 * strings by the panel's module as it loads (`bell-panel.ts`), not on the bell's critical path (issue 24).
 */
export const enBellPanel = {
  'bell.close': 'Close notifications',
  'bell.settings': 'Notification settings',
  'bell.back': 'Back to notifications',
  /** The switch of the settings view with `desktop-notifications`. */
  'bell.desktop': 'Desktop notifications',
  /** Beside that switch when the browser denied the permission. */
  'bell.desktopBlocked': 'Blocked in the browser',
} as const satisfies TranslationTable;
