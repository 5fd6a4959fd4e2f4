import { describe, expect, it } from 'vitest';
import { frenchDate, lateCount, lateLabel, roundEuros, shortMonth } from './format';

describe('dashboard wording', () => {
  it('writes months, days and counts the French way', () => {
    expect(shortMonth('2026-02')).toBe('févr. 26');
    expect(shortMonth('2025-12')).toBe('déc. 25');
    expect(frenchDate('2026-04-14')).toBe('14/04/2026');
    expect(lateCount(0)).toBe('Aucune facture échue');
    expect(lateCount(1)).toBe('1 facture échue');
    expect(lateCount(3)).toBe('3 factures échues');
    expect(lateLabel(7)).toBe('En retard · 7 j');
  });

  it('rounds the axis to whole euros', () => {
    expect(roundEuros(1800)).toMatch(/^1\s800\s€$/);
    expect(roundEuros(449.6)).toMatch(/^450\s€$/);
  });
});
