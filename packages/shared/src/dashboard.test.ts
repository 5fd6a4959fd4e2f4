import { describe, expect, it } from 'vitest';
import { monthLabel, urssafContributionCents, urssafPeriod } from './dashboard.js';

describe('urssafPeriod', () => {
  it('gives a quarter’s and a month’s days, half-open end included', () => {
    expect(urssafPeriod(2026, 'T1')).toEqual({
      code: 'T1',
      libelle: '1er trimestre 2026',
      du: '2026-01-01',
      au: '2026-03-31',
      fin: '2026-04-01',
    });
    expect(urssafPeriod(2026, 'T4')).toMatchObject({
      libelle: '4e trimestre 2026',
      au: '2026-12-31',
      fin: '2027-01-01',
    });
    expect(urssafPeriod(2028, 'M2')).toMatchObject({
      libelle: 'février 2028',
      du: '2028-02-01',
      au: '2028-02-29',
    });
    expect(() => urssafPeriod(2026, 'T5')).toThrow();
  });
});

describe('urssafContributionCents', () => {
  it('rounds to the cent', () => {
    expect(urssafContributionCents(150_050, 2560)).toBe(38_413);
    expect(urssafContributionCents(100, 1230)).toBe(12);
    expect(urssafContributionCents(0, 2460)).toBe(0);
  });

  it('names a month', () => {
    expect(monthLabel('2026-08')).toBe('août 2026');
  });
});
