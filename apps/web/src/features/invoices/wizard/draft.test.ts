import { DEFAULT_LEGAL_MENTIONS, INITIAL_EMPTY_LINES, type Invoice, type Quote } from '@facturo/shared';
import { describe, expect, it } from 'vitest';
import { testClient } from '../test/fixtures';
import {
  type DraftClient,
  type DraftLine,
  draftFromInvoice,
  draftFromQuote,
  duplicateDraft,
  hasUserInput,
  type InvoiceDraft,
  isIncompleteLine,
  isStepComplete,
  issuerChanged,
  isValidityDateInRange,
  lineFaults,
  mentionsForDraft,
  newDraft,
} from './draft';

const user = {
  prenom: 'Camille',
  nom: 'Roux',
  adresse: '1 rue Haute',
  codePostal: '75001',
  ville: 'Paris',
  regimeTva: 'franchise' as const,
  tvaIntracommunautaire: '',
};
const issuer = {
  prenom: 'Camille',
  nom: 'Roux',
  adresse: '1 rue Haute',
  codePostal: '75001',
  ville: 'Paris',
};
const client: DraftClient = {
  ...testClient,
  _id: 'client-1',
  adresse: { rue: '3 quai Est', codePostal: '69002', ville: 'Lyon', pays: 'France', codePays: 'FR' },
};
const line = (description: string, quantite: string, prixUnitaire: string): DraftLine => ({
  description,
  quantite,
  unite: 'unite',
  prixUnitaire,
  tauxTVA: '0',
});

function draft(overrides: Partial<InvoiceDraft> = {}): InvoiceDraft {
  return { ...newDraft(user, '2026-03-09'), ...overrides };
}

describe('newDraft', () => {
  it('starts from the profile, 30 days, three empty lines, delivered on the issue date', () => {
    const fresh = newDraft(user, '2026-03-09');
    expect(fresh.emetteur).toEqual(issuer);
    expect(fresh.delaiPaiement).toBe(30);
    expect(fresh.dateLivraison).toBe('2026-03-09');
    expect(fresh.livraisonDifferente).toBe(false);
    expect(fresh.lignes).toHaveLength(INITIAL_EMPTY_LINES);
    expect(fresh.lignes[0]).toEqual({
      description: '',
      quantite: '',
      unite: 'unite',
      prixUnitaire: '',
      tauxTVA: '0',
    });
    expect(fresh.mentions).toEqual(DEFAULT_LEGAL_MENTIONS);
  });

  it('gives a VAT-registered issuer 20 % lines and their VAT number', () => {
    const fresh = newDraft(
      { ...user, regimeTva: 'reel', tvaIntracommunautaire: 'FR40303265045' },
      '2026-03-09',
    );
    expect(fresh.lignes.every((l) => l.tauxTVA === '20')).toBe(true);
    expect(fresh.mentions.tvaIntracommunautaire).toBe('FR40303265045');
  });
});

describe('mentionsForDraft (the wizard starts from the saved mentions)', () => {
  const saved = {
    ...DEFAULT_LEGAL_MENTIONS,
    mentionLibre: 'Merci !',
    tvaIntracommunautaire: 'FR40303265045',
  };

  it('keeps the saved VAT number and free mention, and writes the term into a generated sentence', () => {
    const mentions = mentionsForDraft(saved, 45, '');
    expect(mentions.mentionLibre).toBe('Merci !');
    expect(mentions.tvaIntracommunautaire).toBe('FR40303265045');
    expect(mentions.conditionsPaiement).toBe(
      'Règlement sous 45 jours à compter de la date d’émission de la facture.',
    );
  });

  it("keeps the issuer's own conditions whatever the term", () => {
    const own = { ...saved, conditionsPaiement: 'Paiement par virement à 15 jours fin de mois.' };
    expect(mentionsForDraft(own, 60, '').conditionsPaiement).toBe(own.conditionsPaiement);
  });

  it("falls back to the profile's VAT number when the mentions carry none", () => {
    expect(
      mentionsForDraft({ ...saved, tvaIntracommunautaire: '' }, 30, 'FR40303265045').tvaIntracommunautaire,
    ).toBe('FR40303265045');
  });
});

describe('isStepComplete (SPEC §5 and the required addresses)', () => {
  it("step 1 needs both names and the issuer's full address", () => {
    expect(isStepComplete(1, draft(), '')).toBe(true);
    expect(isStepComplete(1, draft({ emetteur: { ...issuer, nom: '  ' } }), '')).toBe(false);
    expect(isStepComplete(1, draft({ emetteur: { ...issuer, prenom: '' } }), '')).toBe(false);
    expect(isStepComplete(1, draft({ emetteur: { ...issuer, ville: '' } }), '')).toBe(false);
    expect(isStepComplete(1, draft({ emetteur: { ...issuer, adresse: ' ' } }), '')).toBe(false);
  });

  it('step 2 needs a client and a due date', () => {
    expect(isStepComplete(2, draft(), '2026-04-08')).toBe(false);
    expect(isStepComplete(2, draft({ client }), '')).toBe(false);
    expect(isStepComplete(2, draft({ client }), '2026-04-08')).toBe(true);
  });

  it("step 2 asks for the client's missing address, and a French business's SIREN", () => {
    const homeless = { ...client, adresse: { ...client.adresse, rue: '' } };
    const fix = { rue: '', codePostal: '69002', ville: 'Lyon', siren: '' };
    expect(isStepComplete(2, draft({ client: homeless, clientFix: fix }), '2026-04-08')).toBe(false);
    expect(
      isStepComplete(2, draft({ client: homeless, clientFix: { ...fix, rue: '3 quai Est' } }), '2026-04-08'),
    ).toBe(true);
    const business = { ...client, type: 'entreprise' as const };
    const full = { rue: '3 quai Est', codePostal: '69002', ville: 'Lyon', siren: '' };
    expect(isStepComplete(2, draft({ client: business, clientFix: full }), '2026-04-08')).toBe(false);
    expect(
      isStepComplete(
        2,
        draft({ client: business, clientFix: { ...full, siren: '552100554' } }),
        '2026-04-08',
      ),
    ).toBe(true);
  });

  it('step 2 needs the delivery address when it differs', () => {
    const withDelivery = draft({ client, livraisonDifferente: true });
    expect(isStepComplete(2, withDelivery, '2026-04-08')).toBe(false);
    expect(
      isStepComplete(
        2,
        {
          ...withDelivery,
          adresseLivraison: { rue: '8 rue Basse', codePostal: '1000', ville: 'Bruxelles', pays: 'BE' },
        },
        '2026-04-08',
      ),
    ).toBe(true);
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

describe('lineFaults', () => {
  it('names the cell at fault: a negative quantity is the quantity’s, not the description’s', () => {
    expect(lineFaults(line('', '', ''))).toEqual({
      description: false,
      quantite: false,
      prixUnitaire: false,
    });
    expect(lineFaults(line('Conseil', '-1', '5'))).toEqual({
      description: false,
      quantite: true,
      prixUnitaire: false,
    });
    expect(lineFaults(line('', '2', '5'))).toEqual({
      description: true,
      quantite: false,
      prixUnitaire: false,
    });
    expect(lineFaults(line('Conseil', '1', 'abc'))).toEqual({
      description: false,
      quantite: false,
      prixUnitaire: true,
    });
  });
});

describe('issuerChanged', () => {
  it('is false when only spaces around the values differ', () => {
    expect(issuerChanged({ ...issuer, ville: ' Paris ' }, issuer)).toBe(false);
    expect(issuerChanged({ ...issuer, ville: 'Lyon' }, issuer)).toBe(true);
  });
});

describe('draftFromInvoice', () => {
  it('brings the lines back as a French reader types them, with their unit, rate and delivery', () => {
    const invoice = {
      client,
      delaiPaiement: 60,
      objet: 'Refonte',
      dateEmission: '2026-03-09',
      dateLivraison: '2026-03-01',
      adresseLivraison: {
        rue: '8 rue Basse',
        codePostal: '1000',
        ville: 'Bruxelles',
        pays: 'Belgique',
        codePays: 'BE',
      },
      lignes: [
        {
          description: 'Audit',
          quantite: 0.5,
          unite: 'jour',
          prixUnitaire: 19.99,
          tauxTVA: 5.5,
          montant: 10,
        },
      ],
      mentionsLegales: { ...DEFAULT_LEGAL_MENTIONS, mentionLibre: 'Merci !' },
    } as Invoice;
    const back = draftFromInvoice(invoice, user);
    expect(back.client).toBe(client);
    expect(back.delaiPaiement).toBe(60);
    expect(back.lignes).toEqual([
      { description: 'Audit', quantite: '0,5', unite: 'jour', prixUnitaire: '19,99', tauxTVA: '5.5' },
    ]);
    expect(back.dateLivraison).toBe('2026-03-01');
    expect(back.livraisonDifferente).toBe(true);
    expect(back.adresseLivraison).toEqual({
      rue: '8 rue Basse',
      codePostal: '1000',
      ville: 'Bruxelles',
      pays: 'BE',
    });
    expect(back.mentions.mentionLibre).toBe('Merci !');
  });
});

describe('hasUserInput', () => {
  it('is false for a fresh draft and true once a client, an object or a line is given', () => {
    expect(hasUserInput(draft())).toBe(false);
    expect(hasUserInput(draft({ client }))).toBe(true);
    expect(hasUserInput(draft({ objet: 'Refonte' }))).toBe(true);
    expect(hasUserInput(draft({ lignes: [line('', '2', '')] }))).toBe(true);
  });
});

describe('quotes (issue 15)', () => {
  const source = {
    client,
    delaiPaiement: 45,
    objet: 'Refonte',
    dateEmission: '2026-01-10',
    dateLivraison: '2026-01-20',
    adresseLivraison: null,
    lignes: [
      { description: 'Audit', quantite: 2, unite: 'jour', prixUnitaire: 350, tauxTVA: 20, montant: 700 },
    ],
    mentionsLegales: { ...DEFAULT_LEGAL_MENTIONS, mentionLibre: 'Merci !' },
  } as unknown as Invoice;

  it('starts a new draft valid 30 days', () => {
    expect(newDraft(user, '2026-03-09').dateValidite).toBe('2026-04-08');
  });

  it('duplicates the client, lines and mentions, dated today, keeping an invoice’s term', () => {
    const copy = duplicateDraft(source, user, '2026-03-09');
    expect(copy.client).toBe(client);
    expect(copy.objet).toBe('Refonte');
    expect(copy.delaiPaiement).toBe(45);
    expect(copy.dateLivraison).toBe('2026-03-09');
    expect(copy.dateValidite).toBe('2026-04-08');
    expect(copy.lignes).toEqual([
      { description: 'Audit', quantite: '2', unite: 'jour', prixUnitaire: '350', tauxTVA: '20' },
    ]);
    expect(copy.mentions.mentionLibre).toBe('Merci !');
  });

  it('edits a quote with its own validity date', () => {
    const quote = { ...source, dateValidite: '2026-02-28' } as unknown as Quote;
    expect(draftFromQuote(quote, user).dateValidite).toBe('2026-02-28');
  });

  it('takes a validity date from the issue date to a year after it', () => {
    expect(isValidityDateInRange('2026-03-09', '2026-03-09')).toBe(true);
    expect(isValidityDateInRange('2027-03-09', '2026-03-09')).toBe(true);
    expect(isValidityDateInRange('2027-03-10', '2026-03-09')).toBe(false);
    expect(isValidityDateInRange('2026-03-08', '2026-03-09')).toBe(false);
    expect(isValidityDateInRange('', '2026-03-09')).toBe(false);
  });

  it('completes step 2 of a quote only with a validity date in range (the wizard passes it as the date)', () => {
    expect(isStepComplete(2, draft({ client }), '2026-04-08')).toBe(true);
    expect(isStepComplete(2, draft({ client }), '')).toBe(false);
  });
});
