/**
 * A weekly delivery schedule in a few words, on the locale's clock and with its weekday names: "Weekdays,
 * 9:00 AM – 6:00 PM", "Mon, Wed, Fri, 8:30 AM – 12:00 PM and 1:00 PM – 5:00 PM", "5 days, different
 * hours". Pure functions of a schedule and a translator; no DOM.
 *
 * The rule: the enabled days are grouped by their hours. When every enabled day has the same hours, the
 * line names the days (Every day, Weekdays, Weekends, one day's full name, a run such as Mon–Thu, else a
 * short list) and the hours. Otherwise the line counts the days and says that the hours differ, and the
 * groups are given apart for a short list under it.
 */
import { WEEK_DAYS, type WeekDay } from '../../client/enums.js';
import type { DaySchedule, Schedule, TimeRange } from '../../client/types.js';
import type { Translator } from '../../i18n/index.js';
import { normaliseSchedule, parseWireTime } from '../../store/schedule.js';

export interface ScheduleSummary {
  /** The one-line summary. */
  text: string;
  /**
   * Days that share hours, when the enabled days do not all share them; otherwise empty. `ranges` are the
   * hours one range each, for a layout that keeps a range on one line.
   */
  groups: readonly { days: string; hours: string; ranges: readonly string[] }[];
}

const WEEKDAYS: readonly WeekDay[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
const WEEKEND: readonly WeekDay[] = ['saturday', 'sunday'];
/** 1 January 2024 was a Monday. */
const MONDAY_UTC = Date.UTC(2024, 0, 1);
const DAY_MS = 86_400_000;

/** Summarises `schedule` (absent: no schedule, delivery at any time). */
export function summariseSchedule(schedule: Schedule | undefined, t: Translator): ScheduleSummary {
  if (!schedule?.isEnabled) return { text: t.t('preferences.schedule.summary.off'), groups: [] };
  const weekly = normaliseSchedule(schedule).weeklySchedule!;
  const groups = new Map<string, { days: WeekDay[]; hours: TimeRange[] }>();
  for (const day of WEEK_DAYS) {
    const entry = weekly[day]!;
    if (!entry.isEnabled) continue;
    const hours = entry.hours ?? [];
    const key = hours.map((range) => `${range.start}-${range.end}`).join(',');
    const group = groups.get(key);
    if (group) group.days.push(day);
    else groups.set(key, { days: [day], hours });
  }
  const list = [...groups.values()];
  if (list.length === 0) return { text: t.t('preferences.schedule.summary.none'), groups: [] };
  if (list.length === 1) {
    const [only] = list;
    const text = t.t('preferences.schedule.summary.same', {
      days: dayList(only!.days, t),
      hours: formatRanges(only!.hours, t),
    });
    return { text: capitalise(text, t), groups: [] };
  }
  const count = list.reduce((sum, group) => sum + group.days.length, 0);
  return {
    text:
      count === WEEK_DAYS.length
        ? t.t('preferences.schedule.summary.mixedEveryDay')
        : t.t('preferences.schedule.summary.mixed', { count }),
    groups: list.map((group) => ({
      days: capitalise(dayList(group.days, t), t),
      hours: formatRanges(group.hours, t),
      ranges: group.hours.map((range) => formatRange(range, t)),
    })),
  };
}

/** A line that starts with a day name starts with a capital, in languages that write day names in lower case. */
function capitalise(text: string, t: Translator): string {
  return text.charAt(0).toLocaleUpperCase(t.locale) + text.slice(1);
}

/** The hours of one day ("9:00 AM – 6:00 PM"), or "No delivery" for a day that is off. */
export function dayHours(day: DaySchedule | undefined, t: Translator): string {
  if (!day?.isEnabled || !day.hours?.length) return t.t('preferences.schedule.day.off');
  return formatRanges(day.hours, t);
}

/** "8:30 AM – 12:00 PM and 1:00 PM – 5:00 PM": ranges joined the locale's way. */
export function formatRanges(hours: readonly TimeRange[], t: Translator): string {
  return rangeList(t).format(hours.map((range) => formatRange(range, t)));
}

/** "8:30 AM – 12:00 PM". */
export function formatRange(range: TimeRange, t: Translator): string {
  return t.t('preferences.schedule.summary.range', {
    start: displayTime(t, range.start),
    end: displayTime(t, range.end),
  });
}

/** How the locale joins ranges: "A and B", "A, B, and C". */
export function rangeList(t: Translator): Intl.ListFormat {
  return new Intl.ListFormat(t.locale, { type: 'conjunction', style: 'long' });
}

/** A wire time on the locale's clock; an unreadable one as it is (or `--:--` when empty). */
export function displayTime(t: Translator, wire: string): string {
  const minutes = parseWireTime(wire);
  if (minutes === null) return (typeof wire === 'string' && wire.trim()) || '--:--';
  return t.formatTime(Math.floor(minutes / 60), minutes % 60);
}

/** The short name of a weekday in the translator's locale ("Mon", "Mo."). */
export function shortDayName(day: WeekDay, t: Translator): string {
  const index = WEEK_DAYS.indexOf(day);
  const format = new Intl.DateTimeFormat(t.locale, { weekday: 'short', timeZone: 'UTC' });
  return format.format(MONDAY_UTC + index * DAY_MS);
}

/** Days in week order as few words as possible: Every day, Weekdays, Weekends, Sunday, Mon–Thu, Mon, Wed. */
function dayList(days: readonly WeekDay[], t: Translator): string {
  const same = (set: readonly WeekDay[]) => days.length === set.length && set.every((d) => days.includes(d));
  if (days.length === WEEK_DAYS.length) return t.t('preferences.schedule.summary.everyDay');
  if (same(WEEKDAYS)) return t.t('preferences.schedule.summary.weekdays');
  if (same(WEEKEND)) return t.t('preferences.schedule.summary.weekends');
  if (days.length === 1) return t.dayName(days[0]!);
  const indexes = days.map((day) => WEEK_DAYS.indexOf(day));
  const consecutive = indexes.every((index, i) => i === 0 || index === indexes[i - 1]! + 1);
  if (consecutive && days.length >= 3) {
    return t.t('preferences.schedule.summary.dayRange', {
      first: shortDayName(days[0]!, t),
      last: shortDayName(days[days.length - 1]!, t),
    });
  }
  const names = days.map((day) => shortDayName(day, t));
  return new Intl.ListFormat(t.locale, { type: 'conjunction', style: 'narrow' }).format(names);
}
