import type { InvoiceDocument } from './invoice-document.js';
import type { PdfTheme } from './pdf-branding.js';
import { COLORS, CONTENT_WIDTH, type Doc, ensureRoom, frenchDate, PAGE } from './pdf-layout.js';

/**
 * The legal mentions under the totals: payment terms as the invoice states them (the same sentence as
 * the detail page and the XML), the debit option, the nature of the operation, and for a business buyer
 * only the late penalties and the €40 indemnity (Code de commerce L441-10: an individual owes neither).
 * A credit note owes nothing, so it prints neither, nor any discount terms.
 */
export function drawMentions(pdf: Doc, doc: InvoiceDocument, theme: PdfTheme): void {
  const paragraphs = [
    termsParagraph(doc),
    doc.debitOption,
    `Nature de l’opération : ${doc.natureLabel}.`,
    ...paymentMentions(doc),
    doc.seller.insurance,
    doc.mentionLibre,
  ].filter((p) => p.trim() !== '');
  pdf.font('bold').fontSize(10).fillColor(theme.accent);
  ensureRoom(pdf, 40);
  pdf.text('Conditions et mentions légales', PAGE.margin, pdf.y, { width: CONTENT_WIDTH });
  pdf.moveDown(0.3);
  pdf.font('regular').fontSize(9).fillColor(COLORS.muted);
  for (const paragraph of paragraphs) {
    ensureRoom(pdf, pdf.heightOfString(paragraph, { width: CONTENT_WIDTH }) + 4);
    pdf.text(paragraph, PAGE.margin, pdf.y, { width: CONTENT_WIDTH });
    pdf.moveDown(0.3);
  }
}

/** The payment terms; a quote states how long it holds instead, and a credit note asks for nothing. */
function termsParagraph(doc: InvoiceDocument): string {
  if (doc.type === 'devis') {
    return `Devis valable jusqu’au ${frenchDate(doc.validUntil ?? doc.dateEcheance)}.`;
  }
  if (doc.type === 'avoir') return '';
  return `Échéance : ${frenchDate(doc.dateEcheance)}. ${doc.conditionsPaiement}`.trim();
}

function paymentMentions(doc: InvoiceDocument): string[] {
  if (doc.type === 'avoir') return [];
  return doc.professionalMentions
    ? [doc.latePenalties, doc.recoveryIndemnity, doc.discountTerms]
    : [doc.discountTerms];
}
