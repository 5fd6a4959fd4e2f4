import { DOCUMENT_TITLES, formatEuros, type Invoice, type InvoiceType } from '@facturo/shared';

/*
 * What the type of a document (issue 15: facture, acompte, avoir) changes in how the web shows it.
 * Amounts stay positive in the document itself; lists and sums show a credit note as money given back.
 */

/** « Facture », « Facture d’acompte », « Avoir »: the heading of the detail and of the printed sheet. */
export function documentTitle(type: InvoiceType | undefined): string {
  return DOCUMENT_TITLES[type ?? 'facture'];
}

/**
 * In cents, what a list's sum counts for a document: negative for a credit note, and for a final
 * invoice only what its deposits left due (the deposits are in the list already, counted once).
 */
export function signedTotalCents(invoice: Pick<Invoice, 'type' | 'montantTTC' | 'montantAcomptes'>): number {
  const cents = Math.round(invoice.montantTTC * 100) - Math.round(invoice.montantAcomptes * 100);
  return invoice.type === 'avoir' ? -cents : cents;
}

/** The euro amount a list shows for a document (TTC, or HT in a client's section): a credit note's is negative. */
export function signedEuros(invoice: Pick<Invoice, 'type'>, euros: number): number {
  return invoice.type === 'avoir' && euros !== 0 ? -euros : euros;
}

/** « −120,00 € »: a true minus sign (U+2212), as printed, rather than the hyphen Intl gives. */
export function formatSignedEuros(euros: number): string {
  return euros < 0 ? `\u2212${formatEuros(-euros)}` : formatEuros(euros);
}

/**
 * The sum of a list, in cents: invoices and deposits count (a final invoice less its deposits), credit
 * notes count negative, and a cancelled invoice (kept in the register, owed by nobody) does not count.
 */
export function listTotalCents(
  invoices: readonly Pick<Invoice, 'type' | 'montantTTC' | 'montantAcomptes' | 'statutEmetteur'>[],
): number {
  return invoices
    .filter((invoice) => invoice.statutEmetteur !== 'annulee')
    .reduce((total, invoice) => total + signedTotalCents(invoice), 0);
}

/**
 * « Émettre un avoir » (issue 15): the issuer, on a sent or paid invoice or deposit that still has an
 * amount left to credit. A draft is edited or cancelled instead; a credit note is never credited.
 */
export function canIssueCreditNote(
  invoice: Pick<Invoice, 'role' | 'type' | 'statutEmetteur' | 'annuleeParAvoir'>,
): boolean {
  return (
    invoice.role === 'emetteur' &&
    invoice.type !== 'avoir' &&
    (invoice.statutEmetteur === 'envoyee' || invoice.statutEmetteur === 'payee') &&
    invoice.annuleeParAvoir === null
  );
}

/** « Dupliquer »: an invoice or a deposit opens the wizard with its client and lines (a credit note does not). */
export function canDuplicate(invoice: Pick<Invoice, 'role' | 'type'>): boolean {
  return invoice.role === 'emetteur' && invoice.type !== 'avoir';
}

export function duplicatePath(invoiceId: string): string {
  return `/factures/create?depuis=${encodeURIComponent(invoiceId)}`;
}
