import { describe, expect, it } from 'vitest';
import {
  canDuplicate,
  canIssueCreditNote,
  documentTitle,
  duplicatePath,
  formatSignedEuros,
  listTotalCents,
  signedEuros,
  signedTotalCents,
} from './document-kind';

describe('documentTitle', () => {
  it('names each type as printed', () => {
    expect(documentTitle('facture')).toBe('Facture');
    expect(documentTitle('acompte')).toBe('Facture d’acompte');
    expect(documentTitle('avoir')).toBe('Avoir');
    expect(documentTitle(undefined)).toBe('Facture');
  });
});

describe('signed amounts', () => {
  it('counts a credit note negative and the others as they are', () => {
    expect(signedTotalCents({ type: 'avoir', montantTTC: 120, montantAcomptes: 0 })).toBe(-12000);
    expect(signedTotalCents({ type: 'acompte', montantTTC: 36.6, montantAcomptes: 0 })).toBe(3660);
    expect(signedEuros({ type: 'avoir' }, 12.5)).toBe(-12.5);
    expect(signedEuros({ type: 'facture' }, 12.5)).toBe(12.5);
    expect(Object.is(signedEuros({ type: 'avoir' }, 0), 0)).toBe(true);
  });

  it('prints a true minus sign', () => {
    expect(formatSignedEuros(-120)).toBe('\u2212120,00\u00a0€');
    expect(formatSignedEuros(1234.5)).toBe('1\u202f234,50\u00a0€');
  });

  it('counts a final invoice for what its deposits left due', () => {
    expect(signedTotalCents({ type: 'facture', montantTTC: 300, montantAcomptes: 90.1 })).toBe(20990);
  });

  it('sums a list in cents, credit notes negative, deposits once, cancelled invoices left out', () => {
    const total = listTotalCents([
      { type: 'facture', montantTTC: 300, montantAcomptes: 0, statutEmetteur: 'envoyee' },
      { type: 'acompte', montantTTC: 0.1, montantAcomptes: 0, statutEmetteur: 'payee' },
      { type: 'facture', montantTTC: 1, montantAcomptes: 0.1, statutEmetteur: 'creee' },
      { type: 'avoir', montantTTC: 120.2, montantAcomptes: 0, statutEmetteur: 'creee' },
      { type: 'facture', montantTTC: 999, montantAcomptes: 0, statutEmetteur: 'annulee' },
      { type: 'facture', montantTTC: 0.2, montantAcomptes: 0, statutEmetteur: null },
    ]);
    expect(total).toBe(30000 + 10 + 90 - 12020 + 20);
  });
});

describe('canIssueCreditNote', () => {
  const sent = {
    role: 'emetteur',
    type: 'facture',
    statutEmetteur: 'envoyee',
    annuleeParAvoir: null,
  } as const;

  it('is offered to the issuer of a sent or paid invoice or deposit', () => {
    expect(canIssueCreditNote(sent)).toBe(true);
    expect(canIssueCreditNote({ ...sent, statutEmetteur: 'payee' })).toBe(true);
    expect(canIssueCreditNote({ ...sent, type: 'acompte' })).toBe(true);
  });

  it('is not offered on a draft, a cancelled invoice, a credit note, a fully credited one, nor to the recipient', () => {
    expect(canIssueCreditNote({ ...sent, statutEmetteur: 'creee' })).toBe(false);
    expect(canIssueCreditNote({ ...sent, statutEmetteur: 'brouillon' })).toBe(false);
    expect(canIssueCreditNote({ ...sent, statutEmetteur: 'annulee' })).toBe(false);
    expect(canIssueCreditNote({ ...sent, type: 'avoir' })).toBe(false);
    expect(canIssueCreditNote({ ...sent, annuleeParAvoir: 'AV-2026-0001' })).toBe(false);
    expect(canIssueCreditNote({ ...sent, role: 'destinataire' })).toBe(false);
  });
});

describe('Dupliquer', () => {
  it('is offered on the issuer’s invoices and deposits, not on credit notes', () => {
    expect(canDuplicate({ role: 'emetteur', type: 'facture' })).toBe(true);
    expect(canDuplicate({ role: 'emetteur', type: 'acompte' })).toBe(true);
    expect(canDuplicate({ role: 'emetteur', type: 'avoir' })).toBe(false);
    expect(canDuplicate({ role: 'destinataire', type: 'facture' })).toBe(false);
  });

  it('opens the wizard prefilled from the document', () => {
    expect(duplicatePath('a b')).toBe('/factures/create?depuis=a%20b');
  });
});
