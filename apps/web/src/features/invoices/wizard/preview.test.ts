import { describe, expect, it } from 'vitest';
import { testClient } from '../test/fixtures';
import { newDraft } from './draft';
import { draftToDocument } from './preview';

const profile = {
  prenom: 'Camille',
  nom: 'Roux',
  adresse: '1 rue Haute',
  codePostal: '75001',
  ville: 'Paris',
  regimeTva: 'reel' as const,
  tvaIntracommunautaire: 'FR40303265045',
};
const user = {
  _id: 'u1',
  email: 'camille@exemple.fr',
  siret: '30326504500011',
  regimeTva: 'reel' as const,
  optionDebits: false,
  tvaIntracommunautaire: 'FR40303265045',
  rcsRm: 'RCS Paris 303 265 045',
  assureur: '',
  assuranceCouverture: '',
  iban: 'FR7630006000011234567890189',
  bic: 'AGRIFRPP',
};

describe('draftToDocument', () => {
  it('prints the valid lines with units, rates, the VAT per rate and exact totals', () => {
    const draft = {
      ...newDraft(profile, '2026-03-09'),
      client: {
        ...testClient,
        adresse: { ...testClient.adresse, rue: '2 rue Basse', codePostal: '69002', ville: 'Lyon' },
      },
      lignes: [
        { description: 'Conseil', quantite: '2', unite: 'jour' as const, prixUnitaire: '500', tauxTVA: '20' },
        {
          description: 'Livres',
          quantite: '10',
          unite: 'unite' as const,
          prixUnitaire: '12,50',
          tauxTVA: '5.5',
        },
        { description: '', quantite: '', unite: 'unite' as const, prixUnitaire: '', tauxTVA: '20' },
      ],
    };
    const document = draftToDocument(draft, { numero: 'FAC-2026-0001', dateEmission: '2026-03-09', user });
    expect(document.lignes.map((l) => [l.unite, l.tauxTVA, l.montant])).toEqual([
      ['jour', 20, 1000],
      ['unite', 5.5, 125],
    ]);
    expect(document.montantHT).toBe(1125);
    expect(document.montantTVA).toBe(206.88);
    expect(document.montantTTC).toBe(1331.88);
    expect(document.ventilationTVA).toEqual([
      { taux: 20, baseHT: 1000, montantTVA: 200 },
      { taux: 5.5, baseHT: 125, montantTVA: 6.88 },
    ]);
    expect(document.categorieTVA).toBe('S');
    expect(document.mentionTVA).toBe('');
    expect(document.mentionsProfessionnelles).toBe(false);
    expect(document.dateEcheance).toBe('2026-04-08');
    expect(document.dateLivraison).toBe('2026-03-09');
    expect(document.emetteur).toMatchObject({
      prenom: 'Camille',
      rcsRm: 'RCS Paris 303 265 045',
      iban: user.iban,
    });
  });

  it('under the franchise: no VAT and the franchise mention; a business client gets its mentions', () => {
    const draft = {
      ...newDraft({ ...profile, regimeTva: 'franchise' }, '2026-03-09'),
      client: { ...testClient, type: 'entreprise' as const, siren: '552100554' },
      livraisonDifferente: true,
      adresseLivraison: { rue: '8 rue Basse', codePostal: '1000', ville: 'Bruxelles', pays: 'BE' },
      lignes: [
        {
          description: 'Conseil',
          quantite: '1',
          unite: 'forfait' as const,
          prixUnitaire: '300',
          tauxTVA: '0',
        },
      ],
    };
    const document = draftToDocument(draft, {
      numero: 'FAC-2026-0001',
      dateEmission: '2026-03-09',
      user: { ...user, regimeTva: 'franchise' },
    });
    expect(document.categorieTVA).toBe('E');
    expect(document.mentionTVA).toBe('TVA non applicable, art. 293 B du CGI');
    expect(document.montantTTC).toBe(300);
    expect(document.mentionsProfessionnelles).toBe(true);
    expect(document.adresseLivraison).toMatchObject({ ville: 'Bruxelles', pays: 'Belgique', codePays: 'BE' });
  });

  it('prints a 0 % line’s chosen exemption with its French mention, as the issued invoice will', () => {
    const draft = {
      ...newDraft(profile, '2026-03-09'),
      client: testClient,
      lignes: [
        {
          description: 'Formation agréée',
          quantite: '1',
          unite: 'forfait' as const,
          prixUnitaire: '800',
          tauxTVA: '0',
          motifExoneration: 'VATEX-EU-132',
        },
        {
          description: 'Support',
          quantite: '1',
          unite: 'forfait' as const,
          prixUnitaire: '100',
          tauxTVA: '20',
        },
      ],
    };
    const document = draftToDocument(draft, { numero: 'FAC-2026-0001', dateEmission: '2026-03-09', user });
    expect(document.lignes[0]).toMatchObject({
      tauxTVA: 0,
      motifExoneration: 'VATEX-EU-132',
      mentionExoneration: 'Exonération de TVA, art. 261 du CGI',
    });
    expect(document.lignes[1]).not.toHaveProperty('mentionExoneration');
  });
});
