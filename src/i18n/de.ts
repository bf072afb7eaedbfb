import type { Translation } from './types.js';

/**
 * The German table: proof that a locale is data only. Not registered automatically, so English-only pages
 * do not pay for it:
 *
 * ```ts
 * import { de, registerTranslation } from 'notif-elements';
 * registerTranslation('de', de);
 * ```
 */
export const de = {
  'inbox.title': 'Benachrichtigungen',
  'inbox.views': 'Benachrichtigungen anzeigen',
  'inbox.view.all': 'Alle',
  'inbox.view.unread': 'Ungelesen',
  'inbox.list': 'Benachrichtigungen',
  'inbox.markAllRead': 'Alle als gelesen markieren',
  'inbox.markRead': 'Als gelesen markieren',
  'inbox.markUnread': 'Als ungelesen markieren',
  'inbox.unreadMarker': 'Ungelesen',
  'inbox.unreadCount': { '=0': 'Keine ungelesenen Benachrichtigungen', other: '{count} ungelesen' },
  'inbox.loadMore': 'Mehr laden',
  'inbox.loading': 'Benachrichtigungen werden geladen…',
  'inbox.loadingMore': 'Weitere Benachrichtigungen werden geladen…',
  'inbox.empty.title': 'Noch keine Benachrichtigungen',
  'inbox.empty.unread': 'Sie sind auf dem neuesten Stand',
  'inbox.error.title': 'Benachrichtigungen konnten nicht geladen werden',
  'inbox.error.retry': 'Erneut versuchen',
  'inbox.error.action': 'Die Änderung konnte nicht gespeichert werden. Sie wurde rückgängig gemacht.',
  'inbox.error.dismiss': 'Schließen',
  'inbox.announce.new': { one: '{count} neue Benachrichtigung', other: '{count} neue Benachrichtigungen' },
  'inbox.showNew': {
    one: '{count} neue Benachrichtigung anzeigen',
    other: '{count} neue Benachrichtigungen anzeigen',
  },
  'inbox.message.actions': 'Aktionen',
  'inbox.message.done': 'Erledigt',
  'inbox.avatarFallback': 'Absender',
  'inbox.offline': 'Sie sind offline. Änderungen werden gesendet, sobald Sie wieder online sind.',
  'inbox.offlineCount': {
    one: '{count} Änderung wird gesendet, sobald Sie wieder online sind',
    other: '{count} Änderungen werden gesendet, sobald Sie wieder online sind',
  },
  'inbox.preferences': 'Benachrichtigungseinstellungen',

  'bell.label': {
    '=0': 'Benachrichtigungen',
    other: 'Benachrichtigungen, {count} ungesehen',
  },
  'bell.badgeOverflow': '99+',
  'bell.labelOverflow': 'Benachrichtigungen, {badge} ungesehen',
  'bell.close': 'Benachrichtigungen schließen',

  'preferences.title': 'Benachrichtigungseinstellungen',
  'preferences.loading': 'Einstellungen werden geladen…',
  'preferences.empty': 'Es gibt noch keine Benachrichtigungsarten, die sich einstellen lassen.',
  'preferences.global': 'Alle Benachrichtigungen',
  'preferences.workflows': 'Nach Benachrichtigungsart',
  'preferences.channel.in_app': 'In der App',
  'preferences.channel.email': 'E-Mail',
  'preferences.channel.sms': 'SMS',
  'preferences.channel.chat': 'Chat',
  'preferences.channel.push': 'Push',
  'preferences.channelFor': '{channel} für {workflow}',
  'preferences.workflow.disabled': 'Vom Absender deaktiviert; nicht änderbar',
  'preferences.override.subscriber': 'Von Ihnen festgelegt',
  'preferences.override.template': 'Standard dieser Benachrichtigung',
  'preferences.override.workflowOverride': 'Vom Administrator festgelegt',
  'preferences.schedule.title': 'Zustellzeiten',
  'preferences.schedule.enabled': 'Nur zu diesen Zeiten zustellen',
  'preferences.schedule.day.enabled': 'Am {day} zustellen',
  'preferences.schedule.day.off': 'Keine Zustellung',
  'preferences.schedule.range': '{start}–{end}',
  'preferences.schedule.addRange': 'Zeitraum hinzufügen',
  'preferences.schedule.removeRange': '{start}–{end} entfernen',
  'preferences.schedule.start': 'Von',
  'preferences.schedule.end': 'Bis',
  'preferences.schedule.copyToAll': 'Für alle Tage übernehmen',
  'preferences.schedule.save': 'Zeiten speichern',
  'preferences.schedule.cancel': 'Abbrechen',
  'preferences.schedule.saved': 'Zeiten gespeichert',
  'preferences.error.load': 'Einstellungen konnten nicht geladen werden',
  'preferences.error.save': 'Ihre Änderung konnte nicht gespeichert werden.',
  'preferences.error.retry': 'Erneut versuchen',
  'preferences.invalid.endBeforeStart': 'Das Ende muss nach dem Beginn liegen.',
  'preferences.invalid.overlap': 'Die Zeiträume überschneiden sich.',
  'preferences.invalid.time': 'Geben Sie eine Uhrzeit wie {example} ein.',
  'preferences.invalid.noRange': 'Fügen Sie mindestens einen Zeitraum hinzu oder schalten Sie den Tag aus.',
  'preferences.saving': 'Wird gespeichert…',
  'preferences.saved': 'Gespeichert',
} as const satisfies Translation;
