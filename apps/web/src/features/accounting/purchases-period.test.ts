import { describe, expect, it } from 'vitest';
import { monthLabel, presetOf, presetPeriod } from './purchases-period';

describe('purchases period presets', () => {
  // 31 Dec 2026, 23:30 UTC: already 1 January 2027 in Paris, the server's calendar.
  const newYearInParis = new Date('2026-12-31T23:30:00Z');

  it('counts in the Paris calendar', () => {
    expect(presetPeriod('mois', newYearInParis)).toEqual({ debut: '2027-01-01', fin: '2027-01-31' });
    expect(presetPeriod('annee', newYearInParis)).toEqual({ debut: '2027-01-01', fin: '2027-12-31' });
    expect(presetPeriod('annee-precedente', newYearInParis)).toEqual({
      debut: '2026-01-01',
      fin: '2026-12-31',
    });
  });

  it('ends a month on its last day, 29 February included', () => {
    expect(presetPeriod('mois', new Date('2028-02-10T12:00:00Z'))).toEqual({
      debut: '2028-02-01',
      fin: '2028-02-29',
    });
    expect(presetPeriod('mois', new Date('2026-04-10T12:00:00Z')).fin).toBe('2026-04-30');
  });

  it('recognises a preset, and nothing for a period typed by hand', () => {
    const now = new Date('2026-06-15T10:00:00Z');
    expect(presetOf({ debut: '2026-01-01', fin: '2026-12-31' }, now)).toBe('annee');
    expect(presetOf({ debut: '2026-06-01', fin: '2026-06-30' }, now)).toBe('mois');
    expect(presetOf({ debut: '2026-02-01', fin: '2026-06-30' }, now)).toBeNull();
  });

  it('names months in French', () => {
    expect(monthLabel('2026-02')).toBe('Février 2026');
    expect(monthLabel('2026-08')).toBe('Août 2026');
  });
});
