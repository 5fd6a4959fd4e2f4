import type { InvoiceDocument } from './invoice-document.js';
import { COLORS, CONTENT_WIDTH, type Doc, ensureRoom, PAGE } from './pdf-layout.js';

const BOX_HEIGHT = 118;

/**
 * A quote's « Bon pour accord » box (issue 15): where the client writes the date and signs, under the
 * usual handwritten words, to accept the quote on paper.
 */
export function drawAcceptanceBox(pdf: Doc, doc: InvoiceDocument): void {
  if (doc.type !== 'devis') return;
  ensureRoom(pdf, BOX_HEIGHT + 16);
  const width = 260;
  const x = PAGE.margin + CONTENT_WIDTH - width;
  const top = pdf.y;
  pdf.roundedRect(x, top, width, BOX_HEIGHT, 6).lineWidth(0.8).stroke(COLORS.muted);
  pdf
    .font('bold')
    .fontSize(11)
    .fillColor(COLORS.ink)
    .text('Bon pour accord', x + 12, top + 10, { width: width - 24 });
  pdf
    .font('regular')
    .fontSize(8.5)
    .fillColor(COLORS.muted)
    .text('Mention manuscrite « Bon pour accord », date et signature du client', x + 12, pdf.y + 2, {
      width: width - 24,
    });
  const line = (label: string, y: number) => {
    pdf
      .font('regular')
      .fontSize(9.5)
      .fillColor(COLORS.ink)
      .text(label, x + 12, y, { width: 60 });
    pdf
      .moveTo(x + 72, y + 10)
      .lineTo(x + width - 12, y + 10)
      .lineWidth(0.5)
      .dash(2, { space: 2 })
      .stroke(COLORS.rule)
      .undash();
  };
  line('Date :', top + 56);
  line('Signature :', top + 88);
  pdf.x = PAGE.margin;
  pdf.y = top + BOX_HEIGHT + 16;
}
