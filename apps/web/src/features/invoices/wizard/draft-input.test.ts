import { DEFAULT_LEGAL_MENTIONS } from '@facturo/shared';
import { describe, expect, it } from 'vitest';
import { testClient } from '../test/fixtures';
import { type DraftLine, type InvoiceDraft, newDraft } from './draft';
import { draftExemptionFaults, draftToInput, draftToQuoteInput } from './draft-input';

const user = {
  prenom: 'Camille',
  nom: 'Roux',
  adresse: '1 rue Haute',
  codePostal: '75001',
  ville: 'Paris',
  regimeTva: 'reel' as const,
  tvaIntracommunautaire: 'FR40303265045',
};
const line = (
  description: string,
  quantite: string,
  prixUnitaire: string,
  tauxTVA = '20',
  motifExoneration?: string,
): DraftLine => ({
  description,
  quantite,
  unite: 'heure',
  prixUnitaire,
  tauxTVA,
  ...(motifExoneration === undefined ? {} : { motifExoneration }),
});

function draft(overrides: Partial<InvoiceDraft> = {}): InvoiceDraft {
  return { ...newDraft(user, '2026-03-09'), client: { ...testClient, _id: 'client-1' }, ...overrides };
}

describe('draftToInput', () => {
  it('sends the client id, the term, the delivery date, the valid lines with unit and rate, and the mentions', () => {
    const input = draftToInput(
      draft({
        delaiPaiement: 45,
        objet: '  Site vitrine ',
        lignes: [
          line(' Maquettes ', '3', '33,33'),
          line('', '', ''),
          line('Livres', '0,5', '19,99', '5.5'),
          line('x', '', ''),
        ],
      }),
      { chargesVat: true },
    );
    expect(input).toEqual({
      client: 'client-1',
      delaiPaiement: 45,
      objet: 'Site vitrine',
      dateLivraison: '2026-03-09',
      adresseLivraison: null,
      lignes: [
        { description: 'Maquettes', quantite: 3, unite: 'heure', prixUnitaire: 33.33, tauxTVA: 20 },
        { description: 'Livres', quantite: 0.5, unite: 'heure', prixUnitaire: 19.99, tauxTVA: 5.5 },
      ],
      mentionsLegales: { ...DEFAULT_LEGAL_MENTIONS, tvaIntracommunautaire: 'FR40303265045' },
    });
  });

  it('sends every rate as 0 when the sale charges no VAT (franchise, reverse charge, export)', () => {
    const input = draftToInput(draft({ lignes: [line('Conseil', '1', '100', '20')] }), { chargesVat: false });
    expect(input.lignes.map((l) => l.tauxTVA)).toEqual([0]);
  });

  it('sends the delivery address only when it differs, with its country code', () => {
    const delivery = { rue: ' 8 rue Basse ', codePostal: '1000', ville: 'Bruxelles', pays: 'BE' };
    const lignes = [line('Conseil', '1', '100')];
    expect(
      draftToInput(
        draft({ lignes, livraisonDifferente: true, adresseLivraison: delivery, dateLivraison: '2026-03-01' }),
        {
          chargesVat: true,
        },
      ),
    ).toMatchObject({
      dateLivraison: '2026-03-01',
      adresseLivraison: { rue: '8 rue Basse', codePostal: '1000', ville: 'Bruxelles', pays: 'BE' },
    });
    expect(
      draftToInput(draft({ lignes, adresseLivraison: delivery }), { chargesVat: true }).adresseLivraison,
    ).toBeNull();
  });
});

describe('draftToQuoteInput', () => {
  it('sends the same body with the validity date instead of the term', () => {
    const input = draftToQuoteInput(
      draft({ dateValidite: '2026-04-30', lignes: [line('Audit', '1', '100')] }),
      {
        chargesVat: true,
      },
    );
    expect(input).toMatchObject({ client: 'client-1', dateValidite: '2026-04-30' });
    expect(input).not.toHaveProperty('delaiPaiement');
    expect(input.lignes).toEqual([
      { description: 'Audit', quantite: 1, unite: 'heure', prixUnitaire: 100, tauxTVA: 20 },
    ]);
  });
});

describe('draftExemptionFaults', () => {
  it('stops a 0 % line sent without its reason, as the server would, and lets it go once chosen', () => {
    const lines = [line('Conseil', '1', '100'), line('Formation agréée', '2', '300', '0')];
    expect(draftExemptionFaults(lines, { chargesVat: true })).toEqual([null, 'required']);
    const chosen = [lines[0] as DraftLine, { ...(lines[1] as DraftLine), motifExoneration: 'VATEX-EU-132' }];
    expect(draftExemptionFaults(chosen, { chargesVat: true })).toEqual([null, null]);
    expect(draftToInput(draft({ lignes: chosen }), { chargesVat: true }).lignes[1]).toMatchObject({
      tauxTVA: 0,
      motifExoneration: 'VATEX-EU-132',
    });
  });

  it('asks nothing of a sale charging no VAT: the franchise mention (or the buyer’s treatment) covers every line', () => {
    const lines = [line('Conseil', '1', '100', '0'), line('Déplacement', '1', '40', '20')];
    expect(draftExemptionFaults(lines, { chargesVat: false })).toEqual([null, null]);
  });

  it('keeps its fault on the draft line, leaving out the lines that are not sent (blank or incomplete)', () => {
    const lines = [
      line('', '', '', '0'),
      line('Sans prix', '1', '', '0'),
      line('Débours', '1', '12,50', '0', ''),
      line('Conseil', '1', '100'),
    ];
    expect(draftExemptionFaults(lines, { chargesVat: true })).toEqual([null, null, 'required', null]);
  });

  it('refuses a reason the issuer may not choose per line, and a reason left on a line put back to 20 % is dropped', () => {
    expect(
      draftExemptionFaults([line('Export', '1', '100', '0', 'VATEX-EU-G')], { chargesVat: true }),
    ).toEqual(['unknown']);
    const backTo20 = [line('Conseil', '1', '100', '20', 'VATEX-EU-132')];
    expect(draftExemptionFaults(backTo20, { chargesVat: true })).toEqual([null]);
    expect(draftToInput(draft({ lignes: backTo20 }), { chargesVat: true }).lignes[0]).not.toHaveProperty(
      'motifExoneration',
    );
  });

  it('outlines the out-of-scope line invoiced beside others (it must be invoiced alone)', () => {
    const mixed = [line('Cotisation', '1', '50', '0', 'VATEX-EU-O'), line('Conseil', '1', '100')];
    expect(draftExemptionFaults(mixed, { chargesVat: true })).toEqual(['outOfScopeMixed', null]);
    const alone = [
      line('Cotisation', '1', '50', '0', 'VATEX-EU-O'),
      line('Don', '1', '10', '0', 'VATEX-EU-O'),
    ];
    expect(draftExemptionFaults(alone, { chargesVat: true })).toEqual([null, null]);
  });
});
