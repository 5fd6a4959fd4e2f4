import { BOOK_MESSAGES } from '@facturo/shared';
import { describe, expect, it } from 'vitest';
import { fecYears, periodError, presetOf, presetPeriod } from './receipts-period';

describe('presetPeriod', () => {
  it('gives this month to its last day, leap years included', () => {
    expect(presetPeriod('mois', '2028-02-10')).toEqual({ debut: '2028-02-01', fin: '2028-02-29' });
    expect(presetPeriod('mois', '2026-12-31')).toEqual({ debut: '2026-12-01', fin: '2026-12-31' });
  });

  it('gives this year and the last one', () => {
    expect(presetPeriod('annee', '2026-03-05')).toEqual({ debut: '2026-01-01', fin: '2026-12-31' });
    expect(presetPeriod('annee-derniere', '2026-03-05')).toEqual({ debut: '2025-01-01', fin: '2025-12-31' });
  });

  it('recognises a period that is a preset', () => {
    expect(presetOf({ debut: '2026-01-01', fin: '2026-12-31' }, '2026-03-05')).toBe('annee');
    expect(presetOf({ debut: '2026-01-02', fin: '2026-12-31' }, '2026-03-05')).toBeNull();
  });
});

describe('periodError', () => {
  it('says what the server would refuse', () => {
    expect(periodError({ debut: '2026-01-01', fin: '2026-01-01' })).toBeNull();
    expect(periodError({ debut: '', fin: '2026-01-01' })).toBe(BOOK_MESSAGES.debut);
    expect(periodError({ debut: '2026-01-01', fin: '2026-02-30' })).toBe(BOOK_MESSAGES.fin);
    expect(periodError({ debut: '2026-02-01', fin: '2026-01-31' })).toBe(BOOK_MESSAGES.order);
  });
});

describe('fecYears', () => {
  it('offers this year and the five before', () => {
    expect(fecYears('2026-06-01')).toEqual([2026, 2025, 2024, 2023, 2022, 2021]);
  });
});
