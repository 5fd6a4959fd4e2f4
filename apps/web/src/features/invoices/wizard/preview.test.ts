import { describe, expect, it } from 'vitest';
import { newDraft } from './draft';
import { draftToDocument } from './preview';

const user = { prenom: 'Camille', nom: 'Roux', adresse: '1 rue Haute', codePostal: '75001', ville: 'Paris' };

describe('draftToDocument', () => {
  it('prints the valid lines with exact totals, the due date and the issuer', () => {
    const draft = {
      ...newDraft(user),
      lignes: [
        { description: 'Maquettes', quantite: '3', prixUnitaire: '33,33' },
        { description: 'Hébergement', quantite: '0,5', prixUnitaire: '19,99' },
        { description: '', quantite: '', prixUnitaire: '' },
      ],
    };
    const document = draftToDocument(draft, {
      numero: 'FAC-2026-0001',
      dateEmission: '2026-03-09',
      user: { _id: 'u1', email: 'camille@exemple.fr', siret: '12345678900011' },
    });
    expect(document.lignes.map((l) => l.montant)).toEqual([99.99, 10]);
    expect(document.montantHT).toBe(109.99);
    expect(document.montantTTC).toBe(109.99);
    expect(document.montantTVA).toBe(0);
    expect(document.dateEcheance).toBe('2026-04-08');
    expect(document.emetteur).toMatchObject({ prenom: 'Camille', nom: 'Roux', siret: '12345678900011' });
    expect(document.payee).toBe(false);
  });
});
