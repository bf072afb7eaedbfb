import { expect } from '@open-wc/testing';
import { WEEK_DAYS } from '../../src/client/enums.js';
import {
  createTranslator,
  en,
  onTranslationsChange,
  registerTranslation,
  type PartialTranslation,
  type TranslationKey,
} from '../../src/i18n/index.js';
import { de } from '../../src/locales/de.js';

/** A partial Arabic table: right to left, and all six plural categories. */
const ar: PartialTranslation = {
  'inbox.title': 'الإشعارات',
  'inbox.announce.new': {
    zero: 'لا توجد إشعارات جديدة',
    one: 'إشعار جديد واحد',
    two: 'إشعاران جديدان',
    few: '{count} إشعارات جديدة',
    many: '{count} إشعارًا جديدًا',
    other: '{count} إشعار جديد',
  },
};

const NBSP = /[\u00a0\u202f]/g;
const plain = (text: string) => text.replace(NBSP, ' ');

describe('i18n', () => {
  describe('English', () => {
    const t = createTranslator('en');

    it('gives every string of the table', () => {
      expect(t.t('inbox.title')).to.equal('Notifications');
      expect(t.t('inbox.markAllRead')).to.equal('Mark all as read');
      expect(t.t('preferences.channel.in_app')).to.equal('In-app');
    });

    it('gives every key of the English table, whichever element has loaded: built in or added as they load', () => {
      // The bell builds in only its own; the public createTranslator (the module exporting `en`) has them all.
      const missing = (Object.keys(en) as TranslationKey[]).filter((key) => t.t(key) === key);
      expect(missing).to.deep.equal([]);
      expect(t.t('bell.close')).to.equal('Close notifications');
      expect(t.t('inbox.error.retry')).to.equal('Try again');
    });

    it('fills placeholders', () => {
      expect(t.t('preferences.schedule.day.enabled', { day: 'Monday' })).to.equal('Deliver on Monday');
      expect(t.t('preferences.schedule.removeRange', { start: '9:00 AM', end: '5:00 PM' })).to.equal(
        'Remove 9:00 AM–5:00 PM',
      );
    });

    it('leaves a missing placeholder visible instead of writing "undefined"', () => {
      expect(t.t('preferences.schedule.removeRange', { start: '9:00' })).to.equal('Remove 9:00–{end}');
      expect(t.t('preferences.invalid.time')).to.equal('Enter a time like {example}.');
    });

    it('does not fill placeholders found inside parameter values', () => {
      expect(t.t('preferences.schedule.day.enabled', { day: '{day} {count}', count: 3 })).to.equal(
        'Deliver on {day} {count}',
      );
    });

    it('chooses plural forms by count, with numbers in the locale style', () => {
      expect(t.t('inbox.announce.new', { count: 1 })).to.equal('1 new notification');
      expect(t.t('inbox.announce.new', { count: 3 })).to.equal('3 new notifications');
      expect(t.t('inbox.announce.new', { count: 1234 })).to.equal('1,234 new notifications');
      expect(t.t('inbox.announce.new')).to.equal('{count} new notifications');
    });

    it('names the bell without a count when nothing is unseen', () => {
      expect(t.t('bell.label', { count: 0 })).to.equal('Notifications');
      expect(t.t('bell.label', { count: 1 })).to.equal('Notifications, 1 unseen');
      expect(t.t('bell.label', { count: 12 })).to.equal('Notifications, 12 unseen');
      expect(t.t('bell.badgeOverflow')).to.equal('99+');
    });

    it('answers an unknown key (from plain JavaScript) with the key itself', () => {
      expect(t.t('no.such.key' as TranslationKey)).to.equal('no.such.key');
    });

    it('is left to right', () => {
      expect(t.dir).to.equal('ltr');
      expect(t.locale).to.equal('en');
    });
  });

  describe('locales and fallback', () => {
    it('falls back from a region to its language, then to English', () => {
      registerTranslation('fr', {
        'inbox.title': 'Notifications (fr)',
        'inbox.markRead': 'Marquer comme lu',
      });
      const t = createTranslator('fr-CA');
      expect(t.locale).to.equal('fr-CA');
      expect(t.t('inbox.markRead')).to.equal('Marquer comme lu');
      expect(t.t('inbox.markUnread')).to.equal('Mark as unread');
    });

    it('prefers the regional table over the language one', () => {
      registerTranslation('pt', { 'inbox.loadMore': 'Carregar mais' });
      registerTranslation('pt-BR', { 'inbox.loadMore': 'Carregar mais (BR)' });
      expect(createTranslator('pt-BR').t('inbox.loadMore')).to.equal('Carregar mais (BR)');
      expect(createTranslator('pt-PT').t('inbox.loadMore')).to.equal('Carregar mais');
    });

    it('matches locale tags whatever their case, ignoring extensions', () => {
      registerTranslation('nl', { 'inbox.view.all': 'Alle' });
      expect(createTranslator('NL-be').t('inbox.view.all')).to.equal('Alle');
      expect(createTranslator('nl-u-nu-latn').t('inbox.view.all')).to.equal('Alle');
    });

    it('merges later registrations of a locale into earlier ones', () => {
      registerTranslation('it', { 'inbox.view.all': 'Tutte' });
      registerTranslation('it', { 'inbox.view.unread': 'Da leggere' });
      const t = createTranslator('it');
      expect(t.t('inbox.view.all')).to.equal('Tutte');
      expect(t.t('inbox.view.unread')).to.equal('Da leggere');
    });

    it('uses tables registered after the translator was made, and tells listeners', () => {
      const t = createTranslator('sv');
      expect(t.t('inbox.loadMore')).to.equal('Load more');
      let calls = 0;
      const stop = onTranslationsChange(() => calls++);
      registerTranslation('sv', { 'inbox.loadMore': 'Läs in fler' });
      stop();
      registerTranslation('sv', { 'inbox.view.all': 'Alla' });
      expect(t.t('inbox.loadMore')).to.equal('Läs in fler');
      expect(calls).to.equal(1);
    });

    it('lets overrides win over every table', () => {
      registerTranslation('da', { 'inbox.title': 'Notifikationer', 'inbox.view.all': 'Alle' });
      const t = createTranslator('da', { 'inbox.title': 'Meddelelser' });
      expect(t.t('inbox.title')).to.equal('Meddelelser');
      expect(t.t('inbox.view.all')).to.equal('Alle');
      expect(t.t('inbox.markRead')).to.equal('Mark as read');
    });

    it('ignores override values that are neither strings nor plural forms', () => {
      const broken = {
        'inbox.title': 42,
        'inbox.announce.new': { one: 'only one' },
      } as unknown as PartialTranslation;
      const t = createTranslator('en', broken);
      expect(t.t('inbox.title')).to.equal('Notifications');
      expect(t.t('inbox.announce.new', { count: 2 })).to.equal('2 new notifications');
    });

    it('falls back to English for an invalid locale tag', () => {
      const t = createTranslator('not a locale!');
      expect(t.locale).to.equal('en');
      expect(t.t('inbox.title')).to.equal('Notifications');
    });

    it('defaults to the page language', () => {
      const previous = document.documentElement.lang;
      document.documentElement.lang = 'de-AT';
      try {
        expect(createTranslator().locale).to.equal('de-AT');
      } finally {
        document.documentElement.lang = previous;
      }
    });
  });

  describe('German', () => {
    it('covers every key of the English table', () => {
      expect(Object.keys(de).sort()).to.deep.equal(Object.keys(en).sort());
    });

    it('is registered by the page, or loads itself, English meanwhile', () => {
      expect(createTranslator('de-CH').t('inbox.markAllRead')).to.be.oneOf([
        'Mark all as read',
        de['inbox.markAllRead'],
      ]);
      registerTranslation('de', de);
      const t = createTranslator('de-DE');
      expect(t.t('inbox.markAllRead')).to.equal('Alle als gelesen markieren');
      expect(t.t('inbox.announce.new', { count: 1 })).to.equal('1 neue Benachrichtigung');
      expect(t.t('inbox.announce.new', { count: 1500 })).to.equal('1.500 neue Benachrichtigungen');
      expect(t.t('bell.label', { count: 0 })).to.equal('Benachrichtigungen');
    });
  });

  describe('Arabic', () => {
    const t = createTranslator('ar-EG', ar);

    it('is right to left', () => {
      expect(t.dir).to.equal('rtl');
      expect(t.t('inbox.title')).to.equal('الإشعارات');
    });

    it('uses all six Arabic plural categories', () => {
      expect(t.t('inbox.announce.new', { count: 0 })).to.equal('لا توجد إشعارات جديدة');
      expect(t.t('inbox.announce.new', { count: 1 })).to.equal('إشعار جديد واحد');
      expect(t.t('inbox.announce.new', { count: 2 })).to.equal('إشعاران جديدان');
      expect(t.t('inbox.announce.new', { count: 5 })).to.equal(`${t.number(5)} إشعارات جديدة`);
      expect(t.t('inbox.announce.new', { count: 11 })).to.equal(`${t.number(11)} إشعارًا جديدًا`);
      expect(t.t('inbox.announce.new', { count: 100 })).to.equal(`${t.number(100)} إشعار جديد`);
    });

    it('falls back to English for keys it lacks', () => {
      expect(t.t('inbox.loadMore')).to.equal('Load more');
    });

    it('finds the direction of other right-to-left languages and scripts', () => {
      for (const locale of ['he', 'fa-IR', 'ur', 'ps', 'yi', 'dv', 'ckb', 'pa-Arab', 'az-Arab']) {
        expect(createTranslator(locale).dir, locale).to.equal('rtl');
      }
      for (const locale of ['en-US', 'de', 'ja', 'zh-Hant', 'ru', 'pa', 'az', 'tr']) {
        expect(createTranslator(locale).dir, locale).to.equal('ltr');
      }
    });
  });

  describe('relative times', () => {
    const now = new Date('2024-05-10T12:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const t = createTranslator('en');
    const S = 1000;
    const M = 60 * S;
    const H = 60 * M;
    const D = 24 * H;

    it('says "now" under 45 seconds, either way', () => {
      expect(t.relativeTime(ago(0), now)).to.equal('now');
      expect(t.relativeTime(ago(44 * S), now)).to.equal('now');
      expect(t.relativeTime(ago(-30 * S), now)).to.equal('now');
    });

    it('picks the unit that reads best', () => {
      expect(t.relativeTime(ago(45 * S), now)).to.equal('1 minute ago');
      expect(t.relativeTime(ago(5 * M), now)).to.equal('5 minutes ago');
      expect(t.relativeTime(ago(44 * M), now)).to.equal('44 minutes ago');
      expect(t.relativeTime(ago(50 * M), now)).to.equal('1 hour ago');
      expect(t.relativeTime(ago(3 * H), now)).to.equal('3 hours ago');
      expect(t.relativeTime(ago(23 * H), now)).to.equal('yesterday');
      expect(t.relativeTime(ago(3 * D), now)).to.equal('3 days ago');
      expect(t.relativeTime(ago(8 * D), now)).to.equal('last week');
      expect(t.relativeTime(ago(20 * D), now)).to.equal('3 weeks ago');
      expect(t.relativeTime(ago(40 * D), now)).to.equal('last month');
      expect(t.relativeTime(ago(200 * D), now)).to.equal('7 months ago');
      expect(t.relativeTime(ago(400 * D), now)).to.equal('last year');
      expect(t.relativeTime(ago(1000 * D), now)).to.equal('3 years ago');
    });

    it('speaks of the future too', () => {
      expect(t.relativeTime(ago(-2 * H), now)).to.equal('in 2 hours');
      expect(t.relativeTime(ago(-1 * D), now)).to.equal('tomorrow');
    });

    it('accepts ISO strings and is empty for an invalid date', () => {
      expect(t.relativeTime('2024-05-10T11:55:00Z', now)).to.equal('5 minutes ago');
      expect(t.relativeTime('not a date', now)).to.equal('');
    });

    it('is in the locale of the translator', () => {
      expect(createTranslator('de').relativeTime(ago(5 * M), now)).to.equal('vor 5 Minuten');
      expect(createTranslator('de').relativeTime(ago(23 * H), now)).to.equal('gestern');
      expect(createTranslator('fr').relativeTime(ago(0), now)).to.equal('maintenant');
    });

    it('has a short form beside a subject that reads as words, never as a minus sign', () => {
      expect(t.relativeTime(ago(5 * M), now, 'narrow')).to.equal('5m ago');
      const french = createTranslator('fr').relativeTime(ago(5 * M), now, 'narrow');
      expect(french).to.not.match(/^[-\u2212]/);
      expect(french).to.contain('5');
      expect(french).to.contain('il y a');
    });
  });

  describe('dates, days, times and numbers', () => {
    it('writes a full date and time', () => {
      const text = createTranslator('en').dateTime('2024-05-10T12:00:00Z');
      expect(text).to.match(/2024/);
      expect(text).to.match(/May/);
      expect(createTranslator('de').dateTime('2024-05-10T12:00:00Z')).to.match(/Mai 2024/);
      expect(createTranslator('en').dateTime('garbage')).to.equal('');
    });

    it('names the days of the week', () => {
      const en = createTranslator('en');
      expect(WEEK_DAYS.map((day) => en.dayName(day))).to.deep.equal([
        'Monday',
        'Tuesday',
        'Wednesday',
        'Thursday',
        'Friday',
        'Saturday',
        'Sunday',
      ]);
      expect(createTranslator('de').dayName('monday')).to.equal('Montag');
      expect(createTranslator('fr').dayName('sunday')).to.equal('dimanche');
    });

    it('knows which locales use a 24-hour clock', () => {
      expect(createTranslator('en-US').uses24HourClock()).to.equal(false);
      expect(createTranslator('de').uses24HourClock()).to.equal(true);
      expect(createTranslator('en-GB').uses24HourClock()).to.equal(true);
      expect(createTranslator('en-US-u-hc-h23').uses24HourClock()).to.equal(true);
    });

    it('formats times of day in the locale style', () => {
      expect(plain(createTranslator('en-US').formatTime(17, 30))).to.equal('5:30 PM');
      expect(plain(createTranslator('en-US').formatTime(0, 5))).to.equal('12:05 AM');
      expect(createTranslator('de').formatTime(17, 30)).to.equal('17:30');
      expect(createTranslator('de').formatTime(9, 0)).to.equal('09:00');
    });

    it('formats numbers in the locale style', () => {
      expect(createTranslator('en').number(1234.5)).to.equal('1,234.5');
      expect(createTranslator('de').number(1234.5)).to.equal('1.234,5');
    });
  });
});
