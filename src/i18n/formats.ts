/**
 * The dates, times and day names of a translator (`Translator.relativeTime`, `dateTime`, `dayName`,
 * `uses24HourClock`, `formatTime`), through `Intl`. Apart from the translator (issue 24): the bell shows only
 * strings and numbers, so a page with a bell alone does not download these; the inbox, the preferences and
 * toasts provide them as they load (`provideFormats(translatorFormats)`), as the public `createTranslator`
 * does.
 */
import { WEEK_DAYS } from '../client/enums.js';
import type { TranslatorFormats } from './translator.js';

// Fixed dates for day names and times: 1 January 2024 was a Monday.
const MONDAY_UTC = Date.UTC(2024, 0, 1);
const DAY_MS = 86_400_000;

function toDate(date: Date | string | number): Date | undefined {
  const value = date instanceof Date ? date : new Date(date);
  return Number.isNaN(value.getTime()) ? undefined : value;
}

// Thresholds of relative times, on rounded values of each unit.
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function relativeParts(ms: number): [number, Intl.RelativeTimeFormatUnit] {
  const sign = ms < 0 ? -1 : 1;
  const abs = Math.abs(ms);
  const pick = (value: number, unit: Intl.RelativeTimeFormatUnit): [number, Intl.RelativeTimeFormatUnit] => [
    sign * Math.max(1, value),
    unit,
  ];
  if (abs < 45 * SECOND) return [0, 'second'];
  const minutes = Math.round(abs / MINUTE);
  if (minutes < 45) return pick(minutes, 'minute');
  const hours = Math.round(abs / HOUR);
  if (hours < 22) return pick(hours, 'hour');
  const days = Math.round(abs / DAY);
  if (days < 7) return pick(days, 'day');
  if (days < 28) return pick(Math.round(days / 7), 'week');
  const months = Math.round(days / 30.4375);
  if (months < 12) return pick(months, 'month');
  return pick(Math.round(days / 365.25), 'year');
}

/** The formats of one locale tag; each `Intl` object is made on first use (they are costly to build). */
export function translatorFormats(tag: string): TranslatorFormats {
  let relative: Intl.RelativeTimeFormat | undefined;
  let relativeNarrow: Intl.RelativeTimeFormat | undefined;
  let relativeShort: Intl.RelativeTimeFormat | undefined;
  let full: Intl.DateTimeFormat | undefined;
  let weekday: Intl.DateTimeFormat | undefined;
  let time: Intl.DateTimeFormat | undefined;

  let twentyFour: boolean | undefined;
  const uses24HourClock = (): boolean => {
    if (twentyFour === undefined) {
      const { hourCycle } = new Intl.DateTimeFormat(tag, { hour: 'numeric' }).resolvedOptions();
      twentyFour = hourCycle === 'h23' || hourCycle === 'h24';
    }
    return twentyFour;
  };

  return {
    relativeTime(date, now = new Date(), style = 'long') {
      const when = toDate(date);
      if (!when) return '';
      const [value, unit] = relativeParts(when.getTime() - now.getTime());
      if (style === 'narrow') {
        relativeNarrow ??= new Intl.RelativeTimeFormat(tag, { numeric: 'auto', style: 'narrow' });
        const narrow = relativeNarrow.format(value, unit);
        // Some locales' narrow past is a bare minus ("-5 min" in French): their short form reads as words.
        if (!/^[-\u2212]/.test(narrow)) return narrow;
        relativeShort ??= new Intl.RelativeTimeFormat(tag, { numeric: 'auto', style: 'short' });
        return relativeShort.format(value, unit);
      }
      relative ??= new Intl.RelativeTimeFormat(tag, { numeric: 'auto' });
      return relative.format(value, unit);
    },
    dateTime(date) {
      const when = toDate(date);
      if (!when) return '';
      full ??= new Intl.DateTimeFormat(tag, { dateStyle: 'full', timeStyle: 'short' });
      return full.format(when);
    },
    dayName(day) {
      const index = WEEK_DAYS.indexOf(day);
      if (index < 0) return String(day);
      weekday ??= new Intl.DateTimeFormat(tag, { weekday: 'long', timeZone: 'UTC' });
      return weekday.format(MONDAY_UTC + index * DAY_MS);
    },
    uses24HourClock,
    formatTime(hours24, minutes) {
      // 24-hour clocks write the hour on two digits (09:00), 12-hour clocks do not (9:00 AM).
      time ??= new Intl.DateTimeFormat(tag, {
        hour: uses24HourClock() ? '2-digit' : 'numeric',
        minute: '2-digit',
        timeZone: 'UTC',
      });
      return time.format(MONDAY_UTC + hours24 * HOUR + minutes * MINUTE);
    },
  };
}
