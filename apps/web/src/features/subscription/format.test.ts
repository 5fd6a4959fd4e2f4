import { describe, expect, it } from 'vitest';
import { formatLongDate, formatPlanPrice, trialCarriedText } from './format';

describe('formatPlanPrice', () => {
  it('writes SPEC §9 prices the French way', () => {
    expect(formatPlanPrice({ prix: 9.99, periode: 'mois' })).toBe('9,99\u00a0€/mois');
    expect(formatPlanPrice({ prix: 19.99, periode: 'mois' })).toBe('19,99\u00a0€/mois');
    expect(formatPlanPrice({ prix: 0, periode: 'mois' })).toBe('Gratuit');
  });
});

describe('formatLongDate', () => {
  it('reads the day in Paris time', () => {
    expect(formatLongDate('2026-03-12T10:00:00.000Z')).toBe('12 mars 2026');
    expect(formatLongDate('2026-12-31T23:30:00.000Z')).toBe('1 janvier 2027');
  });

  it('returns null for nothing or garbage', () => {
    expect(formatLongDate(null)).toBeNull();
    expect(formatLongDate('demain')).toBeNull();
  });
});

describe('trialCarriedText', () => {
  it('says when the trial ends and the first payment comes (issue 17)', () => {
    expect(trialCarriedText({ premierPaiement: '2026-03-12T10:00:00.000Z' })).toBe(
      "Votre essai continue jusqu'au 12 mars 2026\u00a0; premier paiement le 12 mars 2026.",
    );
    expect(trialCarriedText({ premierPaiement: null })).toBeNull();
  });
});
