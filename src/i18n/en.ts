import type { TranslationTable } from './types.js';

/**
 * The English table, built in: every string the elements show. Keys are dotted and grouped by element.
 * Other locales are partial tables of the same keys (see `de.ts`); a missing key falls back to English.
 *
 * Relative times ("5 minutes ago"), dates, day names, times and numbers are not in the table: they come
 * from `Intl` for the translator's locale.
 */
export const en = {
  // <notif-inbox>
  'inbox.title': 'Notifications',
  'inbox.views': 'Show notifications',
  'inbox.view.all': 'All',
  'inbox.view.unread': 'Unread',
  'inbox.list': 'Notifications',
  'inbox.markAllRead': 'Mark all as read',
  'inbox.markRead': 'Mark as read',
  'inbox.markUnread': 'Mark as unread',
  'inbox.unreadMarker': 'Unread',
  'inbox.unreadCount': { '=0': 'No unread notifications', one: '{count} unread', other: '{count} unread' },
  'inbox.loadMore': 'Load more',
  'inbox.loading': 'Loading notifications…',
  'inbox.loadingMore': 'Loading more notifications…',
  'inbox.empty.title': 'No notifications yet',
  'inbox.empty.unread': "You're all caught up",
  'inbox.error.title': 'Notifications could not be loaded',
  'inbox.error.retry': 'Try again',
  'inbox.error.action': 'The change could not be saved. It has been undone.',
  'inbox.error.dismiss': 'Dismiss',
  'inbox.announce.new': { one: '{count} new notification', other: '{count} new notifications' },
  'inbox.showNew': { one: 'Show {count} new notification', other: 'Show {count} new notifications' },
  'inbox.message.actions': 'Actions',
  'inbox.message.done': 'Done',
  'inbox.avatarFallback': 'Sender',
  'inbox.offline': 'You are offline. Changes will be sent when you are back online.',
  'inbox.offlineCount': {
    one: '{count} change will be sent when you are back online',
    other: '{count} changes will be sent when you are back online',
  },
  'inbox.preferences': 'Notification preferences',

  // <notif-bell>
  'bell.label': {
    '=0': 'Notifications',
    one: 'Notifications, {count} unseen',
    other: 'Notifications, {count} unseen',
  },
  'bell.badgeOverflow': '99+',
  /** The name when the badge shows `bell.badgeOverflow`: it must contain the badge's visible text. */
  'bell.labelOverflow': 'Notifications, {badge} unseen',
  'bell.close': 'Close notifications',

  // <notif-preferences>
  'preferences.title': 'Notification preferences',
  'preferences.loading': 'Loading preferences…',
  'preferences.empty': 'There are no notification types to set yet.',
  'preferences.global': 'All notifications',
  'preferences.workflows': 'Per notification type',
  'preferences.channel.in_app': 'In-app',
  'preferences.channel.email': 'Email',
  'preferences.channel.sms': 'SMS',
  'preferences.channel.chat': 'Chat',
  'preferences.channel.push': 'Push',
  'preferences.channelFor': '{channel} for {workflow}',
  'preferences.workflow.disabled': "Turned off by the sender; can't be changed",
  'preferences.override.subscriber': 'Set by you',
  'preferences.override.template': 'Default of this notification',
  'preferences.override.workflowOverride': 'Set by the administrator',
  'preferences.schedule.title': 'Delivery schedule',
  'preferences.schedule.enabled': 'Only deliver during these hours',
  'preferences.schedule.day.enabled': 'Deliver on {day}',
  'preferences.schedule.day.off': 'No delivery',
  'preferences.schedule.range': '{start}–{end}',
  'preferences.schedule.addRange': 'Add time range',
  'preferences.schedule.removeRange': 'Remove {start}–{end}',
  'preferences.schedule.start': 'From',
  'preferences.schedule.end': 'To',
  'preferences.schedule.copyToAll': 'Copy to all days',
  'preferences.schedule.save': 'Save schedule',
  'preferences.schedule.cancel': 'Cancel',
  'preferences.schedule.saved': 'Schedule saved',
  'preferences.error.load': 'Preferences could not be loaded',
  'preferences.error.save': 'Your change could not be saved.',
  'preferences.error.retry': 'Try again',
  'preferences.invalid.endBeforeStart': 'The end must be after the start.',
  'preferences.invalid.overlap': 'Time ranges overlap.',
  'preferences.invalid.time': 'Enter a time like {example}.',
  'preferences.invalid.noRange': 'Add at least one time range or turn the day off.',
  'preferences.saving': 'Saving…',
  'preferences.saved': 'Saved',
} as const satisfies TranslationTable;
