import type { InvoiceDocument } from './invoice-document.js';
import { frenchDate } from './pdf-layout.js';

/**
 * What a document says about the documents it refers to (issue 15), in the words printed on the PDF and
 * written in the XML's notes: the quote of a deposit or final invoice, the deposits a final invoice
 * deducts, the invoice a credit note corrects and why.
 */
export function referenceSentences(doc: InvoiceDocument): string[] {
  const { quote, creditedInvoice, creditReason, deposits } = doc.references;
  const sentences: string[] = [];
  if (quote) {
    sentences.push(
      doc.type === 'acompte' ? `Acompte sur le devis ${quote}` : `Facture établie sur le devis ${quote}`,
    );
  }
  if (deposits.length > 0) {
    const list = deposits.map((d) => `${d.numero} du ${frenchDate(d.dateEmission)}`).join(', ');
    sentences.push(`Acomptes déduits : ${list}`);
  }
  if (creditedInvoice) {
    sentences.push(
      `Avoir sur la facture ${creditedInvoice.numero} du ${frenchDate(creditedInvoice.dateEmission)}`,
    );
  }
  if (creditReason) sentences.push(`Motif : ${creditReason}`);
  return sentences;
}
