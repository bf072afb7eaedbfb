import type { TranslationTable } from './types.js';

/**
 * The English strings of `<notif-inbox>` (and of the errors the preferences and toasts show too). Not on a
 * bell's critical path: the elements that show them add them to the built-in strings as they load (see
 * `addBuiltInStrings`); the bell's own, which it shows before its panel loads, are in `en-bell.ts`.
 */
export const enInbox = {
  // <notif-inbox>
  'inbox.views': 'Show notifications',
  'inbox.view.all': 'All',
  'inbox.view.unread': 'Unread',
  'inbox.list': 'Notifications',
  'inbox.markAllRead': 'Mark all as read',
  'inbox.markRead': 'Mark as read',
  'inbox.markUnread': 'Mark as unread',
  'inbox.unreadMarker': 'Unread',
  'inbox.showMore': 'Show more',
  'inbox.showLess': 'Show less',
  'inbox.loadMore': 'Load more',
  'inbox.loading': 'Loading notifications…',
  'inbox.empty.title': 'No notifications yet',
  'inbox.empty.hint': 'When something needs your attention, you will find it here.',
  'inbox.empty.unread': "You're all caught up",
  'inbox.empty.unreadHint': 'There is nothing unread. Read notifications are under All.',
  'inbox.error.title': 'Notifications could not be loaded',
  'inbox.error.network':
    'The connection to the notification service failed. Check your connection and try again.',
  'inbox.error.timeout': 'The notification service took too long to answer.',
  'inbox.error.denied': 'You are signed out or not allowed to see these notifications.',
  'inbox.error.redirect': 'The notification service answered from an unexpected address.',
  'inbox.error.server': 'The notification service is having trouble right now.',
  'inbox.error.other': 'Something went wrong while loading them.',
  'inbox.error.retry': 'Try again',
  'inbox.error.action': 'The change could not be saved. It has been undone.',
  'inbox.error.dismiss': 'Dismiss',
  // Tabs (`tabs`): the tab list's name, and a tab's name with its unread count.
  'inbox.tabs.label': 'Notification feeds',
  'inbox.tabs.unread': { one: '{label}, {count} unread', other: '{label}, {count} unread' },
  /** The name of a tab whose count is a lower bound: it contains the badge's visible text ("3+"). */
  'inbox.tabs.unreadAtLeast': '{label}, {badge} unread',

  // The row's "More actions" button (its menu's strings are in `en-row-menu.ts`, loaded with the menu)
  'rowMenu.more': 'More actions',
} as const satisfies TranslationTable;
