import { DOCUMENT_MESSAGES } from '@facturo/shared';
import { describe, expect, it } from 'vitest';
import {
  type CreditLine,
  creditNoteBody,
  creditProblem,
  creditTotals,
  EMPTY_CREDIT_MESSAGE,
  INVALID_CREDIT_LINE_MESSAGE,
  initialCreditLines,
  NO_CREDIT_LINE_MESSAGE,
  remainingCreditCents,
} from './credit-lines';

// 2 days at 450 € (20 %) + 1 unit at 100,50 € (5,5 %): HT 1 000,50; VAT 180 + 5,53; TTC 1 186,03.
const invoice = {
  lignes: [
    {
      description: 'Développement',
      quantite: 2,
      unite: 'jour',
      prixUnitaire: 450,
      tauxTVA: 20,
      montant: 900,
    },
    { description: 'Livre', quantite: 1, unite: 'unite', prixUnitaire: 100.5, tauxTVA: 5.5, montant: 100.5 },
  ],
  montantHT: 1000.5,
  montantTVA: 185.53,
  montantTTC: 1186.03,
  montantCredite: 0,
} as const;

const lines = (): CreditLine[] => initialCreditLines({ lignes: [...invoice.lignes] });

describe('initialCreditLines', () => {
  it('starts from every line of the invoice, ticked, numbers as typed in French', () => {
    expect(lines()).toEqual([
      {
        included: true,
        description: 'Développement',
        quantite: '2',
        prixUnitaire: '450',
        unite: 'jour',
        tauxTVA: 20,
      },
      {
        included: true,
        description: 'Livre',
        quantite: '1',
        prixUnitaire: '100,5',
        unite: 'unite',
        tauxTVA: 5.5,
      },
    ]);
  });
});

describe('creditTotals', () => {
  it('is the invoice itself for a full credit', () => {
    expect(creditTotals(invoice, 'total', [])).toEqual({
      htCents: 100050,
      vatCents: 18553,
      ttcCents: 118603,
    });
  });

  it('computes the ticked lines as typed, VAT per rate', () => {
    const chosen = lines();
    chosen[0] = { ...(chosen[0] as CreditLine), quantite: '0,5' };
    chosen[1] = { ...(chosen[1] as CreditLine), included: false };
    // 0,5 × 450 = 225 HT, 20 % → 45.
    expect(creditTotals(invoice, 'partiel', chosen)).toEqual({
      htCents: 22500,
      vatCents: 4500,
      ttcCents: 27000,
    });
  });
});

describe('creditProblem', () => {
  it('asks for the reason', () => {
    expect(creditProblem(invoice, 'total', lines(), '  ')).toBe(DOCUMENT_MESSAGES.creditReasonRequired);
    expect(creditProblem(invoice, 'total', lines(), 'Erreur de tarif')).toBeNull();
  });

  it('wants at least one valid line in a partial credit, for more than nothing', () => {
    const none = lines().map((line) => ({ ...line, included: false }));
    expect(creditProblem(invoice, 'partiel', none, 'x')).toBe(NO_CREDIT_LINE_MESSAGE);
    const invalid = lines().map((line) => ({ ...line, quantite: 'deux' }));
    expect(creditProblem(invoice, 'partiel', invalid, 'x')).toBe(INVALID_CREDIT_LINE_MESSAGE);
    const free = lines().map((line) => ({ ...line, prixUnitaire: '0' }));
    expect(creditProblem(invoice, 'partiel', free, 'x')).toBe(EMPTY_CREDIT_MESSAGE);
  });

  it('refuses more than is left to credit, as the server does', () => {
    const more = lines().map((line) => ({ ...line, quantite: '3' }));
    expect(creditProblem(invoice, 'partiel', more, 'x')).toBe(DOCUMENT_MESSAGES.creditExceedsInvoice);
    const halfCredited = { ...invoice, montantCredite: 600 };
    expect(remainingCreditCents(halfCredited)).toBe(58603);
    expect(creditProblem(halfCredited, 'total', lines(), 'x')).toBe(DOCUMENT_MESSAGES.creditExceedsInvoice);
    const first = lines().map((line, index) => ({ ...line, included: index === 0, quantite: '1' }));
    expect(creditProblem(halfCredited, 'partiel', first, 'x')).toBeNull();
  });
});

describe('creditNoteBody', () => {
  it('sends no lines for a full credit, the ticked ones for a partial one', () => {
    expect(creditNoteBody('total', lines(), ' Annulation ')).toEqual({ motif: 'Annulation' });
    const chosen = lines().map((line, index) => ({ ...line, included: index === 1, prixUnitaire: '50' }));
    expect(creditNoteBody('partiel', chosen, 'Remise')).toEqual({
      motif: 'Remise',
      lignes: [{ description: 'Livre', quantite: '1', prixUnitaire: '50', unite: 'unite', tauxTVA: 5.5 }],
    });
  });
});
