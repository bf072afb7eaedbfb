import type { TranslationTable } from './types.js';

/**
 * The English table, built in: every string the elements show. Keys are dotted and grouped by element.
 * The shipped locales (`src/locales/`) have every key; tables of your own may be partial: a missing key falls
 * back to English.
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
  'inbox.error.server': 'The notification service is having trouble right now.',
  'inbox.error.other': 'Something went wrong while loading them.',
  'inbox.error.retry': 'Try again',
  'inbox.error.action': 'The change could not be saved. It has been undone.',
  'inbox.error.dismiss': 'Dismiss',
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
  'bell.close': 'Close notifications',
  'bell.settings': 'Notification settings',
  'bell.back': 'Back to notifications',
  'bell.settingsTitle': 'Settings',

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
  'preferences.workflow.allOff': 'All off',
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
  'preferences.schedule.edit': 'Edit',
  'preferences.schedule.editLabel': 'Edit delivery schedule',
  'preferences.schedule.days': 'Days',
  /** The description of a day tab: the day and its hours (or "No delivery", or what is wrong). */
  'preferences.schedule.day.tab': '{day}: {hours}',
  'preferences.schedule.summary.off': 'Delivered any time',
  'preferences.schedule.summary.none': 'No delivery on any day',
  /** Every enabled day has the same hours: `{days}` is one of the day names below, `{hours}` the ranges. */
  'preferences.schedule.summary.same': '{days}, {hours}',
  'preferences.schedule.summary.mixed': {
    one: '{count} day, different hours',
    other: '{count} days, different hours',
  },
  'preferences.schedule.summary.mixedEveryDay': 'Every day, different hours',
  'preferences.schedule.summary.everyDay': 'Every day',
  'preferences.schedule.summary.weekdays': 'Weekdays',
  'preferences.schedule.summary.weekends': 'Weekends',
  'preferences.schedule.summary.dayRange': '{first}–{last}',
  'preferences.schedule.summary.range': '{start} – {end}',
  'preferences.error.load': 'Preferences could not be loaded',
  'preferences.error.loadHint': 'Check your connection, then try again.',
  'preferences.error.save': 'Your change could not be saved.',
  'preferences.error.saveSchedule':
    'The schedule could not be saved. Your changes are still here: try again.',
  'preferences.error.retry': 'Try again',
  'preferences.invalid.endBeforeStart': 'The end must be after the start.',
  'preferences.invalid.overlap': 'Time ranges overlap.',
  'preferences.invalid.time': 'Enter a time like {example}.',
  'preferences.invalid.noRange': 'Add at least one time range or turn the day off.',
  'preferences.saving': 'Saving…',
  'preferences.saved': 'Saved',
} as const satisfies TranslationTable;
