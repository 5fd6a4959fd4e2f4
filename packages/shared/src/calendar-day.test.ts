import { describe, expect, it } from 'vitest';
import { calendarDay, calendarDayMessage, calendarDayOrEmpty, isCalendarDay } from './calendar-day.js';
import { textKinds } from './text.js';

describe('isCalendarDay', () => {
  it('takes real days written YYYY-MM-DD only', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('2026-00-10')).toBe(false);
    expect(isCalendarDay('01/02/2026')).toBe(false);
    expect(isCalendarDay('2026-1-01')).toBe(false);
    expect(isCalendarDay('+02026-01-01')).toBe(false);
  });

  it('takes years from 1900 to 2200 only (PostgreSQL has no year 0)', () => {
    expect(isCalendarDay('0000-01-01')).toBe(false);
    expect(isCalendarDay('1899-12-31')).toBe(false);
    expect(isCalendarDay('1900-01-01')).toBe(true);
    expect(isCalendarDay('2200-12-31')).toBe(true);
    expect(isCalendarDay('2201-01-01')).toBe(false);
    expect(isCalendarDay('9999-12-31')).toBe(false);
  });
});

describe('calendarDay', () => {
  const message = calendarDayMessage('Date d’achat');

  it('refuses in the field’s own French words', () => {
    expect(message).toBe('Date d’achat invalide : une date réelle au format AAAA-MM-JJ, entre 1900 et 2200.');
    for (const bad of ['0000-01-01', '2026-02-30', '', 'a\u0000b', '2026-01-01T00:00:00Z']) {
      const result = calendarDay(message).safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).not.toContain(undefined);
    }
    expect(calendarDay(message).safeParse(42).error?.issues[0]?.message).toBe(message);
    expect(calendarDay(message).safeParse('2026-02-30').error?.issues[0]?.message).toBe(message);
    expect(calendarDay(message).parse(' 2026-03-09 ')).toBe('2026-03-09');
  });

  it('takes an empty value as « not given » where told so', () => {
    expect(calendarDayOrEmpty(message).parse('')).toBe('');
    expect(calendarDayOrEmpty(message).safeParse('0000-01-01').success).toBe(false);
  });

  it('is marked as a day for the hostile-input sweep, through .optional() too', () => {
    expect(textKinds.get(calendarDay(message))).toEqual({ kind: 'single-line', day: true });
    expect(textKinds.get(calendarDay(message).optional().unwrap())).toMatchObject({ day: true });
  });
});
