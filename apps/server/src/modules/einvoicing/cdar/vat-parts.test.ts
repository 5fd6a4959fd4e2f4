import { describe, expect, it } from 'vitest';
import { vatPartsOfPayment } from './vat-parts.js';

describe('vatPartsOfPayment', () => {
  it('splits a payment over the invoice’s VAT rates in proportion, to the cent, adding up exactly', () => {
    const totals = [
      { ratePercent: 20, totalCents: 120_000 },
      { ratePercent: 5.5, totalCents: 13_188 },
    ];
    expect(vatPartsOfPayment(totals, 133_188)).toEqual([
      { ratePercent: 20, amountCents: 120_000 },
      { ratePercent: 5.5, amountCents: 13_188 },
    ]);
    const parts = vatPartsOfPayment(totals, 10_001);
    expect(parts.reduce((sum, part) => sum + part.amountCents, 0)).toBe(10_001);
    expect(parts).toEqual([
      { ratePercent: 20, amountCents: 9_011 },
      { ratePercent: 5.5, amountCents: 990 },
    ]);
  });

  it('gives the leftover cents to the largest remainders, and is exact on large amounts', () => {
    const thirds = [10, 20, 5.5].map((ratePercent) => ({ ratePercent, totalCents: 100 }));
    expect(vatPartsOfPayment(thirds, 100).map((part) => part.amountCents)).toEqual([34, 33, 33]);
    const big = vatPartsOfPayment(
      [
        { ratePercent: 20, totalCents: 9_999_999_999 },
        { ratePercent: 10, totalCents: 1 },
      ],
      9_999_999_999,
    );
    expect(big.reduce((sum, part) => sum + part.amountCents, 0)).toBe(9_999_999_999);
  });

  it('puts everything at 0 % when the invoice states no rate (franchise)', () => {
    expect(vatPartsOfPayment([], 5_000)).toEqual([{ ratePercent: 0, amountCents: 5_000 }]);
    expect(vatPartsOfPayment([{ ratePercent: 0, totalCents: 0 }], 5_000)).toEqual([
      { ratePercent: 0, amountCents: 5_000 },
    ]);
  });
});
