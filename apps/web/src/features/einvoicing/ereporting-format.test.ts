import { describe, expect, it } from 'vitest';
import { ereportingDayLabel, ereportingPeriodLabel, ereportingRateLabel } from './ereporting-format';

describe('ereporting labels', () => {
  it('names a period by its months', () => {
    expect(ereportingPeriodLabel({ debut: '2026-11-01', fin: '2026-11-30' })).toBe('novembre 2026');
    expect(ereportingPeriodLabel({ debut: '2026-11-01', fin: '2026-12-31' })).toBe(
      'novembre – décembre 2026',
    );
    expect(ereportingPeriodLabel({ debut: '2026-12-01', fin: '2027-01-31' })).toBe(
      'décembre 2026 – janvier 2027',
    );
  });

  it('names a day and a VAT rate the French way', () => {
    expect(ereportingDayLabel('2026-11-10')).toBe('10 nov.');
    expect(ereportingRateLabel('S', 5.5)).toBe('5,5 %');
    expect(ereportingRateLabel('E', 0)).toBe('Franchise (sans TVA)');
  });
});
