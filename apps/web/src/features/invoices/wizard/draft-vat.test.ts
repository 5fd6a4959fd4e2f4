import { DEFAULT_LEGAL_MENTIONS } from '@facturo/shared';
import { describe, expect, it } from 'vitest';
import { testClient } from '../test/fixtures';
import type { DraftLine } from './draft';
import { draftTotals, draftVatTreatment } from './draft-vat';

const line = (quantite: string, prixUnitaire: string, tauxTVA: string): DraftLine => ({
  description: 'x',
  quantite,
  unite: 'unite',
  prixUnitaire,
  tauxTVA,
});

describe('draftTotals', () => {
  it("computes the issue's example: 2 × 500 € at 20 % + 10 × 12,50 € at 5,5 %", () => {
    const totals = draftTotals([line('2', '500', '20'), line('10', '12,50', '5.5')], true);
    expect(totals.htCents).toBe(112_500);
    expect(totals.vatCents).toBe(20_688);
    expect(totals.ttcCents).toBe(133_188);
    expect(totals.breakdown).toEqual([
      { taux: 20, baseHTCents: 100_000, montantTVACents: 20_000 },
      { taux: 5.5, baseHTCents: 12_500, montantTVACents: 688 },
    ]);
  });

  it('charges nothing when the sale charges no VAT, whatever the rates chosen', () => {
    const totals = draftTotals([line('2', '500', '20')], false);
    expect(totals.vatCents).toBe(0);
    expect(totals.ttcCents).toBe(100_000);
  });
});

describe('draftVatTreatment', () => {
  const mentions = DEFAULT_LEGAL_MENTIONS;
  const belgian = {
    ...testClient,
    type: 'entreprise' as const,
    tvaIntracommunautaire: 'BE0123456749',
    adresse: { ...testClient.adresse, pays: 'Belgique', codePays: 'BE' },
  };

  it('never charges VAT under the franchise', () => {
    expect(draftVatTreatment({ client: testClient, mentions }, 'franchise').chargesVat).toBe(false);
  });

  it('charges VAT to a French client, or before any client is chosen, for a reel issuer', () => {
    expect(draftVatTreatment({ client: testClient, mentions }, 'reel').chargesVat).toBe(true);
    expect(draftVatTreatment({ client: null, mentions }, 'reel').chargesVat).toBe(true);
  });

  it('reverse-charges services to an EU business and exempts goods to it', () => {
    expect(draftVatTreatment({ client: belgian, mentions }, 'reel')).toMatchObject({
      category: 'AE',
      chargesVat: false,
    });
    expect(
      draftVatTreatment({ client: belgian, mentions: { ...mentions, natureOperation: 'biens' } }, 'reel'),
    ).toMatchObject({ category: 'K', chargesVat: false });
  });
});
