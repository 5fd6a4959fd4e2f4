import { DEFAULT_LEGAL_MENTIONS, INITIAL_EMPTY_LINES, type Invoice } from '@facturo/shared';
import { describe, expect, it } from 'vitest';
import {
  type DraftClient,
  draftFromInvoice,
  draftToInput,
  hasUserInput,
  type InvoiceDraft,
  isIncompleteLine,
  isStepComplete,
  issuerChanged,
  newDraft,
} from './draft';

const user = { prenom: 'Camille', nom: 'Roux', adresse: '1 rue Haute', codePostal: '75001', ville: 'Paris' };
const client: DraftClient = {
  _id: 'client-1',
  nom: 'Atelier Lumière',
  email: 'contact@lumiere.fr',
  telephone: '',
  siret: null,
  adresse: { rue: '', codePostal: '', ville: '', pays: 'France' },
};
const line = (description: string, quantite: string, prixUnitaire: string) => ({
  description,
  quantite,
  prixUnitaire,
});

function draft(overrides: Partial<InvoiceDraft> = {}): InvoiceDraft {
  return { ...newDraft(user), ...overrides };
}

describe('newDraft', () => {
  it('starts from the profile, 30 days, three empty lines and the default mentions', () => {
    const fresh = newDraft(user);
    expect(fresh.emetteur).toEqual(user);
    expect(fresh.delaiPaiement).toBe(30);
    expect(fresh.lignes).toHaveLength(INITIAL_EMPTY_LINES);
    expect(
      fresh.lignes.every((l) => l.description === '' && l.quantite === '' && l.prixUnitaire === ''),
    ).toBe(true);
    expect(fresh.mentions).toEqual(DEFAULT_LEGAL_MENTIONS);
  });
});

describe('isStepComplete (SPEC §5)', () => {
  it('step 1 needs both names', () => {
    expect(isStepComplete(1, draft(), '')).toBe(true);
    expect(isStepComplete(1, draft({ emetteur: { ...user, nom: '  ' } }), '')).toBe(false);
    expect(isStepComplete(1, draft({ emetteur: { ...user, prenom: '' } }), '')).toBe(false);
  });

  it('step 2 needs a client and a due date', () => {
    expect(isStepComplete(2, draft(), '2026-04-08')).toBe(false);
    expect(isStepComplete(2, draft({ client }), '')).toBe(false);
    expect(isStepComplete(2, draft({ client }), '2026-04-08')).toBe(true);
  });

  it('step 3 needs one line with a description, a quantity above 0 and a price of at least 0', () => {
    expect(isStepComplete(3, draft(), '')).toBe(false);
    expect(isStepComplete(3, draft({ lignes: [line('Conseil', '0', '10')] }), '')).toBe(false);
    expect(isStepComplete(3, draft({ lignes: [line('', '1', '10')] }), '')).toBe(false);
    expect(isStepComplete(3, draft({ lignes: [line('Conseil', 'deux', '10')] }), '')).toBe(false);
    expect(isStepComplete(3, draft({ lignes: [line('Conseil', '0,5', '0')] }), '')).toBe(true);
    expect(isStepComplete(3, draft({ lignes: [line('', '', ''), line('Conseil', '3', '33,33')] }), '')).toBe(
      true,
    );
  });

  it('steps 4 and 5 always pass', () => {
    expect(isStepComplete(4, draft(), '')).toBe(true);
    expect(isStepComplete(5, draft(), '')).toBe(true);
  });
});

describe('isIncompleteLine', () => {
  it('flags started lines the invoice cannot carry, not blank ones', () => {
    expect(isIncompleteLine(line('', '', ''))).toBe(false);
    expect(isIncompleteLine(line('Conseil', '', ''))).toBe(true);
    expect(isIncompleteLine(line('Conseil', '1', '-5'))).toBe(true);
    expect(isIncompleteLine(line('Conseil', '1', '5'))).toBe(false);
  });
});

describe('issuerChanged', () => {
  it('is false when only spaces around the values differ', () => {
    expect(issuerChanged({ ...user, ville: ' Paris ' }, user)).toBe(false);
    expect(issuerChanged({ ...user, ville: 'Lyon' }, user)).toBe(true);
  });
});

describe('draftToInput', () => {
  it('sends the client id, the term, the valid lines as exact numbers, VAT 0 and the mentions', () => {
    const input = draftToInput(
      draft({
        client,
        delaiPaiement: 45,
        objet: '  Site vitrine ',
        lignes: [
          line(' Maquettes ', '3', '33,33'),
          line('', '', ''),
          line('Hébergement', '0,5', '19,99'),
          line('x', '', ''),
        ],
      }),
    );
    expect(input).toEqual({
      client: 'client-1',
      delaiPaiement: 45,
      objet: 'Site vitrine',
      lignes: [
        { description: 'Maquettes', quantite: 3, prixUnitaire: 33.33 },
        { description: 'Hébergement', quantite: 0.5, prixUnitaire: 19.99 },
      ],
      tauxTVA: 0,
      mentionsLegales: DEFAULT_LEGAL_MENTIONS,
    });
  });
});

describe('draftFromInvoice', () => {
  it('brings the lines back as a French reader types them', () => {
    const invoice = {
      client,
      delaiPaiement: 60,
      objet: 'Refonte',
      lignes: [{ description: 'Audit', quantite: 0.5, prixUnitaire: 19.99, montant: 10 }],
      mentionsLegales: { ...DEFAULT_LEGAL_MENTIONS, mentionLibre: 'Merci !' },
    } as Invoice;
    const back = draftFromInvoice(invoice, user);
    expect(back.client).toBe(client);
    expect(back.delaiPaiement).toBe(60);
    expect(back.lignes).toEqual([line('Audit', '0,5', '19,99')]);
    expect(back.mentions.mentionLibre).toBe('Merci !');
  });
});

describe('hasUserInput', () => {
  it('is false for a fresh draft and true once a client, an object or a line is given', () => {
    expect(hasUserInput(newDraft(user))).toBe(false);
    expect(hasUserInput(draft({ client }))).toBe(true);
    expect(hasUserInput(draft({ objet: 'Refonte' }))).toBe(true);
    expect(hasUserInput(draft({ lignes: [line('', '2', '')] }))).toBe(true);
  });
});
