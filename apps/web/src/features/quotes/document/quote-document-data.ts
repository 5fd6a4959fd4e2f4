import type { InvoiceDocumentData } from '../../invoices/document/document-data';

/**
 * What the printed-style quote needs: the invoice sheet's data without what only an invoice has (due
 * date, payment), with the validity date instead. A saved quote has all of it; the wizard's preview
 * builds the same from the draft.
 */
export type QuoteDocumentData = Omit<
  InvoiceDocumentData,
  'dateEcheance' | 'delaiPaiement' | 'payee' | 'datePaiement' | 'statutEmetteur'
> & { dateValidite: string };

/** The sheet's shared parts (parties, lines, totals) read the invoice shape: a quote is never paid. */
export function asSheetData(quote: QuoteDocumentData): InvoiceDocumentData {
  return { ...quote, dateEcheance: quote.dateValidite, delaiPaiement: 0, payee: false, datePaiement: null };
}
