import type { InvoiceDocumentData } from '../../invoices/document/document-data';

/**
 * What the printed-style quote needs: the invoice sheet's data without what only an invoice has (due
 * date, payment), with the validity date instead. A saved quote has all of it; the wizard's preview
 * builds the same from the draft.
 */
export type QuoteDocumentData = Omit<
  InvoiceDocumentData,
  'dateEcheance' | 'delaiPaiement' | 'payee' | 'datePaiement' | 'statutEmetteur' | 'type' | 'dateValidite'
> & { dateValidite: string };

/**
 * The sheet drawn as a quote (its title, its validity date); a quote is never paid nor cancelled, and the
 * deposits invoiced on it are not deducted on it (a saved quote lists them: they are left out here).
 */
export function asSheetData(quote: QuoteDocumentData): InvoiceDocumentData {
  return {
    ...quote,
    type: 'devis',
    dateEcheance: quote.dateValidite,
    delaiPaiement: 0,
    payee: false,
    datePaiement: null,
    acomptes: [],
    montantAcomptes: 0,
  };
}
