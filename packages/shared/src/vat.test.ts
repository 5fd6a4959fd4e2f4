import { describe, expect, it } from 'vitest';
import { vatBreakdownCents, vatOfBaseCents, vatTreatment } from './vat.js';

describe('VAT', () => {
  it('computes the VAT of each rate on its base, half-up (the issue 12 example)', () => {
    const breakdown = vatBreakdownCents([
      { totalCents: 100_000, tauxTVA: 20 },
      { totalCents: 12_500, tauxTVA: 5.5 },
    ]);
    expect(breakdown).toEqual([
      { taux: 20, baseHTCents: 100_000, montantTVACents: 20_000 },
      { taux: 5.5, baseHTCents: 12_500, montantTVACents: 688 },
    ]);
    const ht = breakdown.reduce((s, e) => s + e.baseHTCents, 0);
    const tva = breakdown.reduce((s, e) => s + e.montantTVACents, 0);
    expect([ht, tva, ht + tva]).toEqual([112_500, 20_688, 133_188]);
  });

  it('rounds half-up on exact halves, and down below', () => {
    expect(vatOfBaseCents(25, 2.1)).toBe(1); // 0.525 → 1
    expect(vatOfBaseCents(1, 5.5)).toBe(0); // 0.055 → 0
    expect(vatOfBaseCents(10, 5)).toBe(1); // 0.5 → 1
    expect(vatOfBaseCents(-10, 5)).toBe(-1);
  });

  it('chooses the category from the regime, the buyer and the nature', () => {
    const fr = { type: 'entreprise', countryCode: 'FR', vatNumber: 'FR40303265045' } as const;
    const be = { type: 'entreprise', countryCode: 'BE', vatNumber: 'BE0123456749' } as const;
    // Services to an EU business are reverse-charged even by a franchise seller; its goods stay under 293 B.
    expect(vatTreatment({ regime: 'franchise', nature: 'services', buyer: be }).category).toBe('AE');
    expect(vatTreatment({ regime: 'franchise', nature: 'biens', buyer: be }).category).toBe('E');
    expect(vatTreatment({ regime: 'franchise', nature: 'services', buyer: fr }).category).toBe('E');
    expect(vatTreatment({ regime: 'reel', nature: 'services', buyer: fr }).category).toBe('S');
    expect(vatTreatment({ regime: 'reel', nature: 'services', buyer: be }).category).toBe('AE');
    expect(vatTreatment({ regime: 'reel', nature: 'biens', buyer: be }).category).toBe('K');
    expect(
      vatTreatment({ regime: 'reel', nature: 'biens', buyer: { ...be, vatNumber: null } }).category,
    ).toBe('S');
    expect(
      vatTreatment({
        regime: 'reel',
        nature: 'services',
        buyer: { type: 'particulier', countryCode: 'DE', vatNumber: null },
      }).category,
    ).toBe('S');
    expect(
      vatTreatment({
        regime: 'reel',
        nature: 'services',
        buyer: { type: 'particulier', countryCode: 'US', vatNumber: null },
      }).category,
    ).toBe('G');
  });
});
