import { describe, expect, it } from 'vitest';
import { addDaysIso, formatDateFr, todayIso } from './dates';

describe('formatDateFr', () => {
  it('reads a calendar day the French way', () => {
    expect(formatDateFr('2026-03-09')).toBe('09/03/2026');
  });

  it('reads an instant as the day it was in Paris, winter and summer time alike', () => {
    expect(formatDateFr('2026-12-31T22:30:00.000Z')).toBe('31/12/2026');
    expect(formatDateFr('2026-12-31T23:30:00.000Z')).toBe('01/01/2027');
    expect(formatDateFr('2026-07-14T21:30:00.000Z')).toBe('14/07/2026');
    expect(formatDateFr('2026-07-14T22:30:00.000Z')).toBe('15/07/2026');
  });

  it('leaves what it cannot read untouched', () => {
    expect(formatDateFr('bientôt')).toBe('bientôt');
  });
});

describe('addDaysIso', () => {
  it('adds the payment term across months, years and leap days', () => {
    expect(addDaysIso('2026-01-20', 30)).toBe('2026-02-19');
    expect(addDaysIso('2026-12-15', 30)).toBe('2027-01-14');
    expect(addDaysIso('2028-02-14', 15)).toBe('2028-02-29');
    // The night the clocks change in France counts as one day like any other.
    expect(addDaysIso('2026-03-15', 15)).toBe('2026-03-30');
  });
});

describe('todayIso', () => {
  it('is the calendar day in Paris, as the server dates an invoice', () => {
    expect(todayIso(new Date('2026-01-05T10:00:00Z'))).toBe('2026-01-05');
    expect(todayIso(new Date('2026-01-05T23:30:00Z'))).toBe('2026-01-06');
    expect(todayIso(new Date('2026-07-14T22:30:00Z'))).toBe('2026-07-15');
  });
});
