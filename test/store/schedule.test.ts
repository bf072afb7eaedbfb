import { expect } from '@open-wc/testing';
import type { DaySchedule, Schedule } from '../../src/client/types.js';
import { FIXTURE_PREFERENCES } from '../../src/mock/fixtures/preferences.js';
import {
  DEFAULT_DAY_RANGE,
  LATEST_END,
  copyDayToAll,
  formatInputTime,
  formatWireTime,
  issuesAt,
  normaliseSchedule,
  parseInputTime,
  parseWireTime,
  schedulesEqual,
  validateDay,
  validateSchedule,
} from '../../src/store/schedule.js';

const fixtureSchedule = (): Schedule => structuredClone(FIXTURE_PREFERENCES.global.schedule!);
const day = (...hours: [string, string][]): DaySchedule => ({
  isEnabled: true,
  hours: hours.map(([start, end]) => ({ start, end })),
});

describe('schedule times', () => {
  describe('parseWireTime', () => {
    it('reads the wire form, midnight and noon included', () => {
      expect(parseWireTime('12:00 AM')).to.equal(0);
      expect(parseWireTime('12:30 AM')).to.equal(30);
      expect(parseWireTime('09:00 AM')).to.equal(9 * 60);
      expect(parseWireTime('11:59 AM')).to.equal(11 * 60 + 59);
      expect(parseWireTime('12:00 PM')).to.equal(12 * 60);
      expect(parseWireTime('05:30 PM')).to.equal(17 * 60 + 30);
      expect(parseWireTime('11:59 PM')).to.equal(1439);
    });

    it('accepts a one-digit hour, which the service reads the same way', () => {
      expect(parseWireTime('9:00 AM')).to.equal(9 * 60);
      expect(parseWireTime('1:15 PM')).to.equal(13 * 60 + 15);
    });

    it('refuses anything else, lower-case suffixes included (the service would read "pm" as AM)', () => {
      for (const bad of [
        '05:30 pm',
        '05:30 Pm',
        '05:30PM',
        '05:30  PM',
        ' 05:30 PM',
        '05:30 PM ',
        '17:30',
        '17:30 PM',
        '00:30 AM',
        '13:00 PM',
        '09:60 AM',
        '09:5 AM',
        '009:00 AM',
        '09:00:00 AM',
        '09.00 AM',
        '09:00',
        '',
        'noon',
      ]) {
        expect(parseWireTime(bad), bad).to.equal(null);
      }
      expect(parseWireTime(undefined as unknown as string)).to.equal(null);
    });
  });

  describe('formatWireTime', () => {
    it('writes a two-digit hour and an upper-case suffix', () => {
      expect(formatWireTime(0)).to.equal('12:00 AM');
      expect(formatWireTime(5)).to.equal('12:05 AM');
      expect(formatWireTime(9 * 60)).to.equal('09:00 AM');
      expect(formatWireTime(12 * 60)).to.equal('12:00 PM');
      expect(formatWireTime(17 * 60 + 30)).to.equal('05:30 PM');
      expect(formatWireTime(1439)).to.equal(LATEST_END);
    });

    it('round-trips every minute of the day', () => {
      for (let minutes = 0; minutes < 1440; minutes++) {
        expect(parseWireTime(formatWireTime(minutes))).to.equal(minutes);
      }
    });

    it('throws on minutes outside the day or not whole', () => {
      for (const bad of [-1, 1440, 9.5, Number.NaN]) {
        expect(() => formatWireTime(bad), String(bad)).to.throw(RangeError);
      }
    });
  });

  describe('parseInputTime', () => {
    it('reads what <input type="time"> gives, seconds dropped', () => {
      expect(parseInputTime('00:00')).to.equal(0);
      expect(parseInputTime('09:30')).to.equal(9 * 60 + 30);
      expect(parseInputTime('17:30')).to.equal(17 * 60 + 30);
      expect(parseInputTime('23:59')).to.equal(1439);
      expect(parseInputTime('17:30:45')).to.equal(17 * 60 + 30);
      expect(parseInputTime('17:30:45.250')).to.equal(17 * 60 + 30);
    });

    it('reads what a person types, 12- or 24-hour', () => {
      const cases: [string, number][] = [
        ['9:00 am', 9 * 60],
        ['9:00 AM', 9 * 60],
        ['09:00 PM', 21 * 60],
        ['9 pm', 21 * 60],
        ['9pm', 21 * 60],
        ['9 P.M.', 21 * 60],
        ['9.30 pm', 21 * 60 + 30],
        ['930pm', 21 * 60 + 30],
        ['12 am', 0],
        ['12:15 am', 15],
        ['12 pm', 12 * 60],
        ['9', 9 * 60],
        ['17', 17 * 60],
        ['9:05', 9 * 60 + 5],
        ['0930', 9 * 60 + 30],
        ['930', 9 * 60 + 30],
        ['1730', 17 * 60 + 30],
        ['  17:30  ', 17 * 60 + 30],
      ];
      for (const [text, minutes] of cases) expect(parseInputTime(text), text).to.equal(minutes);
    });

    it('refuses what is not a time of day', () => {
      for (const bad of [
        '',
        '   ',
        '24:00',
        '25',
        '17:60',
        '9:5',
        '0 am',
        '13 pm',
        '17:30 pm',
        '12345',
        '9:00:75',
        'nine',
        'noon',
        '-1:00',
        '9 pmx',
      ]) {
        expect(parseInputTime(bad), bad).to.equal(null);
      }
    });

    it('pairs with formatInputTime for <input type="time">', () => {
      expect(formatInputTime(0)).to.equal('00:00');
      expect(formatInputTime(17 * 60 + 5)).to.equal('17:05');
      expect(parseInputTime(formatInputTime(1439))).to.equal(1439);
      expect(() => formatInputTime(1440)).to.throw(RangeError);
    });
  });
});

describe('schedule validation', () => {
  it('finds nothing wrong with the fixture schedule (touching and split ranges included)', () => {
    expect(validateSchedule(fixtureSchedule())).to.deep.equal([]);
    expect(validateDay(day(['08:00 AM', '12:00 PM'], ['12:00 PM', '05:00 PM']))).to.deep.equal([]);
    expect(validateDay(day([DEFAULT_DAY_RANGE.start, DEFAULT_DAY_RANGE.end]))).to.deep.equal([]);
  });

  it('points at a malformed time coming from the service, field by field', () => {
    expect(validateDay(day(['9am', '05:00 PM'], ['06:00 PM', '25:00 PM']))).to.deep.equal([
      { code: 'time', index: 0, field: 'start' },
      { code: 'time', index: 1, field: 'end' },
    ]);
  });

  it('reports an end that is not after its start, on the end field', () => {
    expect(validateDay(day(['05:00 PM', '09:00 AM']))).to.deep.equal([
      { code: 'endBeforeStart', index: 0, field: 'end' },
    ]);
    expect(validateDay(day(['09:00 AM', '09:00 AM']))).to.deep.equal([
      { code: 'endBeforeStart', index: 0, field: 'end' },
    ]);
  });

  it('treats 12:00 AM as midnight at the start of the day, so it is never a valid end', () => {
    expect(validateDay(day(['09:00 PM', '12:00 AM']))).to.deep.equal([
      { code: 'endBeforeStart', index: 0, field: 'end' },
    ]);
    expect(validateDay(day(['12:00 AM', LATEST_END]))).to.deep.equal([]);
  });

  it('reports overlapping ranges on every range involved, in any order', () => {
    expect(validateDay(day(['01:00 PM', '05:00 PM'], ['09:00 AM', '02:00 PM']))).to.deep.equal([
      { code: 'overlap', index: 0, other: 1 },
      { code: 'overlap', index: 1, other: 0 },
    ]);
    // A range inside another, listed after an unrelated one.
    expect(
      validateDay(day(['07:00 PM', '08:00 PM'], ['09:00 AM', '05:00 PM'], ['10:00 AM', '11:00 AM'])),
    ).to.deep.equal([
      { code: 'overlap', index: 1, other: 2 },
      { code: 'overlap', index: 2, other: 1 },
    ]);
    expect(validateDay(day(['09:00 AM', '10:00 AM'], ['09:00 AM', '10:00 AM']))).to.have.length(2);
  });

  it('does not compare a broken range for overlaps', () => {
    expect(validateDay(day(['09:00 AM', '05:00 PM'], ['04:00 PM', '10:00 AM']))).to.deep.equal([
      { code: 'endBeforeStart', index: 1, field: 'end' },
    ]);
  });

  it('reports an enabled day without a range on the day itself', () => {
    expect(validateDay({ isEnabled: true, hours: [] })).to.deep.equal([{ code: 'noRange' }]);
    expect(validateDay({ isEnabled: true })).to.deep.equal([{ code: 'noRange' }]);
  });

  it('leaves disabled days and a disabled schedule unchecked but for malformed times', () => {
    expect(validateDay({ isEnabled: false })).to.deep.equal([]);
    expect(validateDay({ isEnabled: false, hours: [{ start: '05:00 PM', end: '09:00 AM' }] })).to.deep.equal(
      [],
    );
    expect(validateDay({ isEnabled: false, hours: [{ start: 'junk', end: '09:00 AM' }] })).to.deep.equal([
      { code: 'time', index: 0, field: 'start' },
    ]);
    const off: Schedule = {
      isEnabled: false,
      weeklySchedule: {
        monday: { isEnabled: true },
        tuesday: day(['05:00 PM', '09:00 AM'], ['04:00 PM', '06:00 PM']),
        friday: day(['09:00 AM', '5 pm']),
      },
    };
    expect(validateSchedule(off)).to.deep.equal([{ day: 'friday', code: 'time', index: 0, field: 'end' }]);
  });

  it('locates issues by day, range and field across the week', () => {
    const schedule = fixtureSchedule();
    schedule.weeklySchedule!.tuesday = { isEnabled: true, hours: [] };
    schedule.weeklySchedule!.wednesday!.hours![1]!.start = '11:00 AM';
    schedule.weeklySchedule!.friday!.hours![0]!.end = '3 PM';
    const issues = validateSchedule(schedule);
    expect(issues).to.deep.equal([
      { day: 'tuesday', code: 'noRange' },
      { day: 'wednesday', code: 'overlap', index: 0, other: 1 },
      { day: 'wednesday', code: 'overlap', index: 1, other: 0 },
      { day: 'friday', code: 'time', index: 0, field: 'end' },
    ]);
    expect(issuesAt(issues, 'tuesday').map((i) => i.code)).to.deep.equal(['noRange']);
    expect(issuesAt(issues, 'wednesday', 1).map((i) => i.code)).to.deep.equal(['overlap']);
    expect(issuesAt(issues, 'friday', 0, 'end').map((i) => i.code)).to.deep.equal(['time']);
    expect(issuesAt(issues, 'friday', 0, 'start')).to.deep.equal([]);
    expect(issuesAt(issues, 'monday', 0)).to.deep.equal([]);
  });
});

describe('whole schedules', () => {
  it('normaliseSchedule fills the week, sorts ranges and writes canonical times', () => {
    const normal = normaliseSchedule({
      isEnabled: true,
      weeklySchedule: {
        monday: {
          isEnabled: true,
          hours: [
            { start: '1:00 PM', end: '5:00 PM' },
            { start: '08:00 AM', end: '12:00 PM' },
          ],
        },
        sunday: { isEnabled: false },
      },
    });
    expect(Object.keys(normal.weeklySchedule!)).to.have.members([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
    ]);
    expect(normal.weeklySchedule!.monday).to.deep.equal({
      isEnabled: true,
      hours: [
        { start: '08:00 AM', end: '12:00 PM' },
        { start: '01:00 PM', end: '05:00 PM' },
      ],
    });
    expect(normal.weeklySchedule!.sunday).to.deep.equal({ isEnabled: false, hours: [] });
    expect(normal.weeklySchedule!.tuesday).to.deep.equal({ isEnabled: false, hours: [] });
  });

  it('normaliseSchedule keeps unreadable times as they are, last, and does not touch its input', () => {
    const input: Schedule = {
      isEnabled: true,
      weeklySchedule: { monday: day(['junk', '05:00 PM'], ['09:00 AM', '10:00 AM']) },
    };
    const before = structuredClone(input);
    const normal = normaliseSchedule(input);
    expect(normal.weeklySchedule!.monday!.hours).to.deep.equal([
      { start: '09:00 AM', end: '10:00 AM' },
      { start: 'junk', end: '05:00 PM' },
    ]);
    expect(input).to.deep.equal(before);
  });

  it('copyDayToAll copies a day, switch and hours, to the six others without sharing objects', () => {
    const schedule = fixtureSchedule();
    const copied = copyDayToAll(schedule, 'wednesday');
    const wednesday = schedule.weeklySchedule!.wednesday;
    for (const name of [
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
    ] as const) {
      expect(copied.weeklySchedule![name], name).to.deep.equal(wednesday);
    }
    copied.weeklySchedule!.monday!.hours![0]!.start = '07:00 AM';
    expect(copied.weeklySchedule!.tuesday!.hours![0]!.start).to.equal('08:30 AM');
    expect(schedule.weeklySchedule!.saturday).to.deep.equal({ isEnabled: false });
    expect(copied.isEnabled).to.equal(true);
  });

  it('copyDayToAll from a missing day disables the whole week', () => {
    const copied = copyDayToAll({ isEnabled: true, weeklySchedule: {} }, 'monday');
    expect(copied.weeklySchedule!.friday).to.deep.equal({ isEnabled: false, hours: [] });
  });

  it('schedulesEqual ignores form but not meaning', () => {
    const a = fixtureSchedule();
    const b = normaliseSchedule(fixtureSchedule());
    b.weeklySchedule!.wednesday!.hours!.reverse();
    b.weeklySchedule!.monday!.hours![0]!.start = '9:00 AM';
    expect(schedulesEqual(a, b)).to.equal(true);
    expect(schedulesEqual(undefined, undefined)).to.equal(true);
    expect(schedulesEqual(a, undefined)).to.equal(false);

    const later = fixtureSchedule();
    later.weeklySchedule!.friday!.hours![0]!.end = '04:00 PM';
    expect(schedulesEqual(a, later)).to.equal(false);

    const off = fixtureSchedule();
    off.isEnabled = false;
    expect(schedulesEqual(a, off)).to.equal(false);

    const saturdayOn = fixtureSchedule();
    saturdayOn.weeklySchedule!.saturday = { isEnabled: true, hours: [{ ...DEFAULT_DAY_RANGE }] };
    expect(schedulesEqual(a, saturdayOn)).to.equal(false);

    const extraRange = fixtureSchedule();
    extraRange.weeklySchedule!.sunday!.hours!.push({ start: '10:00 PM', end: '11:00 PM' });
    expect(schedulesEqual(a, extraRange)).to.equal(false);
  });
});
