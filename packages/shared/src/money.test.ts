import { describe, expect, it } from 'vitest';
import { formatEuros, invoiceTotals, lineTotalCents, parseEurosToCents, parseQuantity } from './money.js';

describe('money', () => {
  it('parses quantities and prices exactly, with a dot or a comma', () => {
    expect(parseQuantity('2,5')).toBe(2500);
    expect(parseQuantity(0.125)).toBe(125);
    expect(parseQuantity('1.2345')).toBeNull();
    expect(parseEurosToCents('19.99')).toBe(1999);
    expect(parseEurosToCents(0.1)).toBe(10);
    expect(parseEurosToCents('12,5')).toBe(1250);
    expect(parseEurosToCents('1e3')).toBeNull();
    expect(parseEurosToCents('abc')).toBeNull();
    expect(parseEurosToCents(Number.NaN)).toBeNull();
  });

  it('rounds a line half-up to the cent', () => {
    expect(lineTotalCents(3000, 3333)).toBe(9999); // 3 × 33,33
    expect(lineTotalCents(500, 1999)).toBe(1000); // 0,5 × 19,99 = 9,995 → 10,00
    expect(lineTotalCents(333, 100)).toBe(33); // 0,333 × 1,00
    expect(lineTotalCents(1000, 0)).toBe(0);
  });

  it('sums lines without floating-point drift', () => {
    const lines = Array.from({ length: 10 }, () => ({ quantite: '1', prixUnitaire: '0.1' }));
    expect(invoiceTotals(lines)).toMatchObject({ htCents: 100, vatCents: 0, ttcCents: 100 });
    expect(invoiceTotals([{ quantite: 'x', prixUnitaire: '5' }]).htCents).toBe(0);
  });

  it('formats euros the French way', () => {
    expect(formatEuros(1234.5).replace(/\s/g, ' ')).toBe('1 234,50 €');
  });
});
