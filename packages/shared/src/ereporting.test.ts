import { describe, expect, it } from 'vitest';
import {
  ereportingPeriodBounds,
  ereportingPeriodOf,
  ereportingPeriods,
  isEreportingPeriodStart,
} from './ereporting.js';
import { EREPORTING_PERIODICITIES } from './legal-constants.js';

describe('e-reporting periods', () => {
  it('are two months under the franchise and one month otherwise, each with its legal source', () => {
    expect(EREPORTING_PERIODICITIES.map((p) => [p.regime, p.months])).toEqual([
      ['franchise', 2],
      ['reel', 1],
    ]);
    for (const p of EREPORTING_PERIODICITIES) expect(p.source).toContain('CGI');
  });

  it('start in odd months under the franchise and end on the last day, leap years included', () => {
    expect(isEreportingPeriodStart('2027-01', 'franchise')).toBe(true);
    expect(isEreportingPeriodStart('2027-02', 'franchise')).toBe(false);
    expect(isEreportingPeriodStart('2027-02', 'reel')).toBe(true);
    expect(ereportingPeriodBounds('2028-01', 'franchise')).toEqual({
      code: '2028-01',
      debut: '2028-01-01',
      fin: '2028-02-29',
    });
    expect(ereportingPeriodBounds('2026-11', 'reel').fin).toBe('2026-11-30');
    expect(ereportingPeriodOf('2026-12-31', 'franchise').code).toBe('2026-11');
  });

  it('lists the current period and every one before it, back to the first sale or September 2026', () => {
    expect(ereportingPeriods('2027-01-05', 'franchise', '2020-01-01').map((p) => p.code)).toEqual([
      '2027-01',
      '2026-11',
      '2026-09',
    ]);
    expect(ereportingPeriods('2027-01-05', 'reel', '2026-12-15').map((p) => p.code)).toEqual([
      '2027-01',
      '2026-12',
    ]);
    // No cap: three years of monthly periods are all there, the oldest included.
    const years = ereportingPeriods('2030-01-05', 'reel', '2020-01-01');
    expect(years).toHaveLength(41);
    expect(years.at(-1)?.code).toBe('2026-09');
  });

  it('lists only the period in progress before any sale, and no period after it from a sale dated later', () => {
    expect(ereportingPeriods('2027-01-05', 'reel', null).map((p) => p.code)).toEqual(['2027-01']);
    expect(ereportingPeriods('2027-01-05', 'reel', '2027-03-01').map((p) => p.code)).toEqual(['2027-01']);
  });
});
