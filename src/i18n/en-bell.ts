import type { TranslationTable } from './types.js';

/**
 * The English strings a bell shows before its panel loads (its name with the count, its badge, the panel's
 * name, the announcement of arrivals): built into the translator, the one table on the bell's critical path.
 * Those of the panel (`en-bell-panel.ts`) and of its inbox (`en-inbox.ts`) come with the panel's chunk
 * (issue 24).
 */
export const enBell = {
  // Shared with the inbox (its title, its announcement) and with toasts and the attention code.
  'inbox.title': 'Notifications',
  'inbox.announce.new': { one: '{count} new notification', other: '{count} new notifications' },

  // <notif-bell>
  'bell.label': {
    '=0': 'Notifications',
    one: 'Notifications, {count} unseen',
    other: 'Notifications, {count} unseen',
  },
  'bell.badgeOverflow': '99+',
  /**
   * The name when the badge shows `bell.badgeOverflow` or a lower bound ("20+", when more pages exist): it
   * must contain the badge's visible text.
   */
  'bell.labelOverflow': 'Notifications, {badge} unseen',
  'bell.settingsTitle': 'Settings',
} as const satisfies TranslationTable;
