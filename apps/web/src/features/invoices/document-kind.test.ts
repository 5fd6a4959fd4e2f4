import { describe, expect, it } from 'vitest';
import {
  canDuplicate,
  canIssueCreditNote,
  documentTitle,
  duplicatePath,
  formatSignedEuros,
  signedEuros,
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
    expect(signedEuros({ type: 'avoir' }, 12.5)).toBe(-12.5);
    expect(signedEuros({ type: 'facture' }, 12.5)).toBe(12.5);
    expect(Object.is(signedEuros({ type: 'avoir' }, 0), 0)).toBe(true);
  });

  it('prints a true minus sign', () => {
    expect(formatSignedEuros(-120)).toBe('\u2212120,00\u00a0€');
    expect(formatSignedEuros(1234.5)).toBe('1\u202f234,50\u00a0€');
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
