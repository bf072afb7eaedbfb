/**
 * Pure helpers for the subscriber's delivery schedule: times in the service's wire form, times a person
 * types, validation with per-field locations, and whole-schedule operations. No DOM, no stores.
 *
 * Wire form: `hh:mm AM|PM`, a 12-hour clock (`09:00 AM`, `05:30 PM`, `12:00 AM` is midnight, `12:00 PM`
 * is noon). Internally a time is a number of minutes since midnight, 0 to 1439.
 *
 * Choices the service leaves open, kept deliberately simple:
 * - `parseWireTime` also accepts a one-digit hour (`9:00 AM`), which the service reads the same way, but
 *   only an upper-case `AM`/`PM`: the service itself only recognises upper case (it reads `05:00 pm` as
 *   five in the morning), so a lower-case suffix is reported as a malformed time rather than guessed at.
 *   `formatWireTime` always writes the canonical form (two-digit hour, upper case).
 * - There is no `24:00`: `12:00 AM` is always minute 0, so it is never a valid end. A range ends at the
 *   latest at `11:59 PM` ({@link LATEST_END}), which the service treats as inclusive (it covers up to
 *   midnight). Ranges must end after they start; ranges crossing midnight are not offered.
 * - Ranges that touch (`08:00 AM`-`12:00 PM` then `12:00 PM`-`05:00 PM`) do not overlap.
 * - A malformed time is an issue wherever it is (the service refuses the whole schedule for it), but the
 *   rest is only checked where it takes effect: a disabled schedule or day is not checked for missing
 *   ranges, order or overlaps, so switching something off works even with half-edited hours, which a
 *   disabled day keeps as they are for when it is switched back on.
 */
import { WEEK_DAYS, type WeekDay } from '../client/enums.js';
import type { DaySchedule, Schedule, TimeRange, WeeklySchedule } from '../client/types.js';

/** The range a newly enabled day or a newly added range starts with. */
export const DEFAULT_DAY_RANGE: Readonly<TimeRange> = Object.freeze({ start: '09:00 AM', end: '05:00 PM' });

/** The latest possible end of a range (there is no `24:00` in the wire form). */
export const LATEST_END = '11:59 PM';

const MINUTES_PER_DAY = 24 * 60;

// ---------------------------------------------------------------------------------------------------------
// Times

const WIRE_TIME = /^(0?[1-9]|1[0-2]):([0-5]\d) (AM|PM)$/;

/**
 * Minutes since midnight (0..1439) of a wire time, or `null` when `s` is not one. Accepts exactly
 * `hh:mm AM|PM`, or `h:mm AM|PM` with a one-digit hour; no other spacing, no lower case, no seconds.
 *
 * @example parseWireTime('05:30 PM') // 1050
 */
export function parseWireTime(s: string): number | null {
  if (typeof s !== 'string') return null;
  const match = WIRE_TIME.exec(s);
  if (!match) return null;
  return to24(Number(match[1]), match[3] === 'PM') * 60 + Number(match[2]);
}

/**
 * The wire form of a time given in minutes since midnight. Throws a `RangeError` for anything but an
 * integer from 0 to 1439.
 *
 * @example formatWireTime(0) // '12:00 AM'
 */
export function formatWireTime(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes >= MINUTES_PER_DAY) {
    throw new RangeError(`formatWireTime: expected whole minutes from 0 to 1439, got ${String(minutes)}`);
  }
  const hours = Math.floor(minutes / 60);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${pad(hour12)}:${pad(minutes % 60)} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** `HH:mm` (24-hour, what `<input type="time">` takes as its value) of minutes since midnight. */
export function formatInputTime(minutes: number): string {
  formatWireTime(minutes); // the same range check
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

const MERIDIEM = String.raw`(?:\s*([ap])\.?\s*m\.?)?`;
const SEPARATED = new RegExp(String.raw`^(\d{1,2})(?:[:.](\d{2})(?::(\d{2})(?:\.\d{1,3})?)?)?${MERIDIEM}$`);
const COMPACT = new RegExp(String.raw`^(\d{1,2})(\d{2})${MERIDIEM}$`);

/**
 * Minutes since midnight of what a person types or what `<input type="time">` gives, or `null`.
 *
 * Accepted, case-insensitive, surrounding spaces ignored:
 * - 24-hour: `17:30`, `9:05`, `09.30`, `17` (a whole hour), `0930`, `930`, and the input's own
 *   `HH:mm:ss` / `HH:mm:ss.sss` (seconds are dropped: schedules have minute precision);
 * - 12-hour: the wire form, `9:00 am`, `9 pm`, `9pm`, `930pm`, `9.30 p.m.`; the hour is then 1 to 12.
 *
 * Refused: `24:00` and beyond, minutes over 59, one-digit minutes (`9:5`), `0 am`, words, empty text.
 */
export function parseInputTime(s: string): number | null {
  if (typeof s !== 'string') return null;
  const text = s.trim().toLowerCase();
  let hour: number;
  let minute: number;
  let meridiem: string | undefined;
  const separated = SEPARATED.exec(text);
  if (separated) {
    const [, h, m, sec, mer] = separated;
    if (sec !== undefined && Number(sec) > 59) return null;
    hour = Number(h);
    minute = m === undefined ? 0 : Number(m);
    meridiem = mer;
  } else {
    const compact = COMPACT.exec(text);
    if (!compact) return null;
    const [, h, m, mer] = compact;
    hour = Number(h);
    minute = Number(m);
    meridiem = mer;
  }
  if (minute > 59) return null;
  if (meridiem !== undefined) {
    if (hour < 1 || hour > 12) return null;
    return to24(hour, meridiem === 'p') * 60 + minute;
  }
  if (hour > 23) return null;
  return hour * 60 + minute;
}

function to24(hour12: number, pm: boolean): number {
  return (hour12 % 12) + (pm ? 12 : 0);
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

// ---------------------------------------------------------------------------------------------------------
// Validation

export const SCHEDULE_ISSUE_CODES = ['time', 'endBeforeStart', 'overlap', 'noRange'] as const;
/**
 * - `time`: a time is not in the wire form (it came from the service or another client like that);
 * - `endBeforeStart`: the range does not end after it starts (reported on its `end`);
 * - `overlap`: the range overlaps another range of the same day (reported on every range involved);
 * - `noRange`: the day is enabled but has no range (reported on the day, no `index`).
 */
export type ScheduleIssueCode = (typeof SCHEDULE_ISSUE_CODES)[number];

/** One problem of a day, located so a UI can show it next to the field. */
export interface DayIssue {
  code: ScheduleIssueCode;
  /** Index of the range in the day's `hours`, as given (not sorted). Absent for `noRange`. */
  index?: number;
  /** The field at fault, for `time` and `endBeforeStart`. Absent when the whole range or day is at fault. */
  field?: 'start' | 'end';
  /** For `overlap`: index of the first other range that this one overlaps. */
  other?: number;
}

export interface ScheduleIssue extends DayIssue {
  day: WeekDay;
}

/** Every problem of a schedule, in week-day then range order; empty when the schedule can be saved. */
export type ScheduleIssues = readonly ScheduleIssue[];

/**
 * Problems of one day. Malformed times are reported on every day, enabled or not, because the service
 * refuses a schedule containing one anywhere. The rest only matters where it takes effect, so a disabled
 * day (or, through {@link validateSchedule}, a disabled schedule) is not checked for missing ranges, order
 * or overlaps. End-before-start and overlaps are only checked between ranges whose two times are readable.
 */
export function validateDay(day: DaySchedule): DayIssue[] {
  return checkDay(day, day?.isEnabled === true);
}

/**
 * Problems of a whole schedule, in week-day then range order; empty when it can be saved. Missing days
 * count as disabled. See {@link validateDay} for what is checked where.
 */
export function validateSchedule(schedule: Schedule): ScheduleIssues {
  const issues: ScheduleIssue[] = [];
  for (const day of WEEK_DAYS) {
    const daySchedule = schedule?.weeklySchedule?.[day];
    if (!daySchedule) continue;
    const inEffect = schedule.isEnabled === true && daySchedule.isEnabled === true;
    for (const issue of checkDay(daySchedule, inEffect)) issues.push({ day, ...issue });
  }
  return issues;
}

function checkDay(day: DaySchedule, inEffect: boolean): DayIssue[] {
  const hours = Array.isArray(day?.hours) ? day.hours : [];
  if (inEffect && hours.length === 0) return [{ code: 'noRange' }];

  const issues: DayIssue[] = [];
  const spans: ({ start: number; end: number } | null)[] = hours.map((range, index) => {
    const start = parseWireTime(range?.start);
    const end = parseWireTime(range?.end);
    if (start === null) issues.push({ code: 'time', index, field: 'start' });
    if (end === null) issues.push({ code: 'time', index, field: 'end' });
    if (start === null || end === null || !inEffect) return null;
    if (end <= start) {
      issues.push({ code: 'endBeforeStart', index, field: 'end' });
      return null;
    }
    return { start, end };
  });

  spans.forEach((span, index) => {
    if (!span) return;
    const other = spans.findIndex(
      (o, j) => j !== index && o !== null && o.start < span.end && span.start < o.end,
    );
    if (other !== -1) issues.push({ code: 'overlap', index, other });
  });

  return issues.sort((a, b) => (a.index ?? -1) - (b.index ?? -1));
}

/**
 * The issues at one place: a day (`index` omitted: the day's own issues only), a range (`field` omitted:
 * every issue of that range) or one field.
 */
export function issuesAt(
  issues: ScheduleIssues,
  day: WeekDay,
  index?: number,
  field?: 'start' | 'end',
): ScheduleIssue[] {
  return issues.filter(
    (issue) => issue.day === day && issue.index === index && (field === undefined || issue.field === field),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Whole schedules

/** A day with nothing set: disabled, no hours. */
function emptyDay(): DaySchedule {
  return { isEnabled: false, hours: [] };
}

function copyDay(day: DaySchedule | undefined): DaySchedule {
  if (!day) return emptyDay();
  const hours = Array.isArray(day.hours) ? day.hours : [];
  return {
    isEnabled: day.isEnabled === true,
    hours: hours.map((range) => ({ start: range.start, end: range.end })),
  };
}

/**
 * Copies day `from` (its switch and its hours) to the six other days. Returns a new schedule with all
 * seven days; the input is not changed.
 */
export function copyDayToAll(schedule: Schedule, from: WeekDay): Schedule {
  const source = schedule.weeklySchedule?.[from];
  const weeklySchedule: WeeklySchedule = {};
  for (const day of WEEK_DAYS) weeklySchedule[day] = copyDay(source);
  return { ...schedule, weeklySchedule };
}

/**
 * The canonical form of a schedule: all seven days present (a missing day is disabled with no hours),
 * `hours` always an array, ranges sorted by start then end, readable times rewritten in the canonical wire
 * form (`9:00 AM` becomes `09:00 AM`). Unreadable times are kept as they are (and sorted last) so that
 * validation still reports them. Returns a new object.
 */
export function normaliseSchedule(schedule: Schedule): Schedule {
  const weeklySchedule: WeeklySchedule = {};
  for (const day of WEEK_DAYS) {
    const copy = copyDay(schedule.weeklySchedule?.[day]);
    copy.hours = copy
      .hours!.map((range) => ({ start: canonical(range.start), end: canonical(range.end) }))
      .map((range, order) => ({ range, order }))
      .sort((a, b) => compareRanges(a.range, b.range) || a.order - b.order)
      .map(({ range }) => range);
    weeklySchedule[day] = copy;
  }
  return { ...schedule, isEnabled: schedule.isEnabled === true, weeklySchedule };
}

function canonical(time: string): string {
  const minutes = parseWireTime(time);
  return minutes === null ? time : formatWireTime(minutes);
}

function compareRanges(a: TimeRange, b: TimeRange): number {
  const key = (time: string) => parseWireTime(time) ?? MINUTES_PER_DAY;
  return key(a.start) - key(b.start) || key(a.end) - key(b.end);
}

/**
 * Whether two schedules mean the same: compared in their {@link normaliseSchedule normalised} form, so
 * range order, missing days, absent `hours` and `9:00 AM` versus `09:00 AM` make no difference. Hours of a
 * disabled day still count (they are stored). Two absent schedules are equal.
 */
export function schedulesEqual(a: Schedule | undefined, b: Schedule | undefined): boolean {
  if (!a || !b) return a === b;
  const x = normaliseSchedule(a);
  const y = normaliseSchedule(b);
  if (x.isEnabled !== y.isEnabled) return false;
  return WEEK_DAYS.every((day) => {
    const p = x.weeklySchedule![day]!;
    const q = y.weeklySchedule![day]!;
    return (
      p.isEnabled === q.isEnabled &&
      p.hours!.length === q.hours!.length &&
      p.hours!.every((range, i) => range.start === q.hours![i]!.start && range.end === q.hours![i]!.end)
    );
  });
}
