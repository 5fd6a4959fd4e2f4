import type { InvoiceDocument } from './invoice-document.js';
import { COLORS, CONTENT_WIDTH, type Doc, ensureRoom, euros, PAGE } from './pdf-layout.js';

type Row = { label: string; amount: string; strong?: boolean; detail?: string };

/**
 * The totals block. When VAT is charged: one line per rate with its base, then HT, VAT, TTC and the amount
 * due. When none is (franchise, reverse charge, exempt supplies): HT and the amount due only, with the
 * sentence that says why, never a "TVA 0 %" line or a "Total TTC" that would suggest VAT was charged.
 */
export function drawTotals(pdf: Doc, doc: InvoiceDocument): void {
  const rows: Row[] = doc.vat.chargesVat
    ? [
        ...doc.vat.breakdown.map((entry) => ({
          label: `TVA ${Number(entry.rate).toLocaleString('fr-FR')} %`,
          detail: `base ${euros(entry.base)}`,
          amount: euros(entry.amount),
        })),
        { label: 'Total HT', amount: euros(doc.totalHt) },
        { label: 'Total TVA', amount: euros(doc.totalVat) },
        { label: 'Total TTC', amount: euros(doc.totalTtc) },
        ...closingRows(doc),
      ]
    : [{ label: 'Total HT', amount: euros(doc.totalHt) }, ...closingRows(doc)];
  ensureRoom(pdf, rows.length * 18 + 40);
  const width = 300;
  const left = PAGE.margin + CONTENT_WIDTH - width;
  pdf.moveDown(0.5);
  for (const row of rows) {
    const y = pdf.y;
    pdf
      .font(row.strong ? 'bold' : 'regular')
      .fontSize(row.strong ? 12 : 10)
      .fillColor(row.detail ? COLORS.muted : COLORS.ink);
    pdf.text(row.label, left, y, { width: row.detail ? 70 : 200 });
    if (row.detail) pdf.text(row.detail, left + 70, y, { width: 130, align: 'right' });
    pdf.text(row.amount, left + 200, y, { width: 100, align: 'right' });
    pdf.moveDown(0.3);
  }
  // Why there is no VAT: the invoice's treatment, or each exemption of its 0 % lines (France has no 0 % rate).
  for (const mention of doc.vat.mention ? [doc.vat.mention] : doc.vat.lineMentions) {
    pdf.moveDown(0.2);
    pdf.font('bold').fontSize(9.5).fillColor(COLORS.ink);
    pdf.text(mention, left, pdf.y, { width, align: 'right' });
  }
  pdf.x = PAGE.margin;
  pdf.moveDown(1);
}

/**
 * The last rows, by type (issue 15): a final invoice lists the deposits it deducts before « Net à payer »;
 * a credit note ends on its own amount, a quote on its total (nothing is owed on either yet).
 */
function closingRows(doc: InvoiceDocument): Row[] {
  if (doc.type === 'devis') return [{ label: 'Montant du devis', amount: euros(doc.totalTtc), strong: true }];
  if (doc.type === 'avoir')
    return [{ label: 'Montant de l’avoir', amount: euros(doc.totalTtc), strong: true }];
  const cents = (amount: string) => Math.round(Number(amount) * 100);
  const listed = doc.references.deposits.reduce((sum, deposit) => sum + cents(deposit.totalTtc), 0);
  // A deposit partly credited is deducted net of its credit notes: the rows must still add up.
  const creditedBack = listed - cents(doc.prepaid);
  return [
    ...doc.references.deposits.map((deposit) => ({
      // Its date is in the references above the lines: here the number alone keeps one line.
      label: `Acompte ${deposit.numero}`,
      amount: euros(`-${deposit.totalTtc}`),
    })),
    ...(creditedBack > 0
      ? [{ label: 'Avoirs sur acomptes', amount: `+${euros((creditedBack / 100).toFixed(2))}` }]
      : []),
    { label: 'Net à payer', amount: euros(doc.duePayable), strong: true },
  ];
}
