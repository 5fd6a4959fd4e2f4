import { referenceSentences } from './document-references.js';
import type { InvoiceDocument } from './invoice-document.js';
import type { PdfTheme } from './pdf-branding.js';
import { COLORS, CONTENT_WIDTH, type Doc, ensureRoom, PAGE } from './pdf-layout.js';

/**
 * Under the parties (issue 15): the quote a deposit or final invoice comes from, the deposits it deducts,
 * and on a credit note « Avoir sur la facture FAC-… du … » with its reason, in a band the eye finds first.
 */
export function drawReferences(pdf: Doc, doc: InvoiceDocument, theme: PdfTheme): void {
  const sentences = referenceSentences(doc);
  if (sentences.length === 0) return;
  const padding = 8;
  const width = CONTENT_WIDTH - 2 * padding;
  pdf.font('regular').fontSize(10);
  const height =
    sentences.reduce((sum, sentence) => sum + pdf.heightOfString(sentence, { width }) + 2, 0) + 2 * padding;
  ensureRoom(pdf, height + 12);
  const top = pdf.y;
  pdf.rect(PAGE.margin, top, 3, height).fill(theme.accent);
  pdf.rect(PAGE.margin + 3, top, CONTENT_WIDTH - 3, height).fill(theme.band);
  pdf.y = top + padding;
  sentences.forEach((sentence, index) => {
    pdf
      .font(index === 0 ? 'bold' : 'regular')
      .fontSize(10)
      .fillColor(COLORS.ink)
      .text(sentence, PAGE.margin + padding + 3, pdf.y, { width: width - 3 });
    pdf.y += 2;
  });
  pdf.x = PAGE.margin;
  pdf.y = top + height + 14;
}
