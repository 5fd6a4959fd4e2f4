import { DOCUMENT_TITLES, formatEuros, type Invoice, type InvoiceType } from '@facturo/shared';

/*
 * What the type of a document (issue 15: facture, acompte, avoir) changes in how the web shows it.
 * Amounts stay positive in the document itself; lists and sums show a credit note as money given back.
 */

/** « Facture », « Facture d’acompte », « Avoir »: the heading of the detail and of the printed sheet. */
export function documentTitle(type: InvoiceType | undefined): string {
  return DOCUMENT_TITLES[type ?? 'facture'];
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
