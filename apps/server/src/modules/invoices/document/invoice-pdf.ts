import { DEPOSIT_DATE_LABEL, DOCUMENT_TITLES } from '@facturo/shared';
import { buildCiiXml } from './cii-xml.js';
import { withBinaryChecksum } from './embedded-checksum.js';
import { FACTURX_FILENAME, facturXXmp } from './facturx-xmp.js';
import type { InvoiceDocument } from './invoice-document.js';
import { drawLogo, type PdfTheme, pdfTheme } from './pdf-branding.js';
import { drawPageNumbers, openPdfA } from './pdf-document.js';
import {
  COLORS,
  CONTENT_WIDTH,
  type Doc,
  euros,
  FOOTER_Y,
  frenchDate,
  frenchNumber,
  PAGE,
} from './pdf-layout.js';
import { drawMentions } from './pdf-mentions.js';
import { drawPaymentDetails } from './pdf-payment.js';
import { drawAcceptanceBox } from './pdf-quote.js';
import { drawReferences } from './pdf-references.js';
import { drawTotals } from './pdf-totals.js';

type Column = { label: string; width: number; align: 'left' | 'right'; cell: (line: Line) => string };
type Line = InvoiceDocument['lines'][number];

/** The line table; the VAT column only when VAT is charged (a column of zeros would say otherwise). */
function columns(doc: InvoiceDocument): Column[] {
  const vat = doc.vat.chargesVat;
  return [
    { label: 'Description', width: vat ? 195 : 240, align: 'left', cell: (l) => l.description },
    { label: 'Qté', width: 45, align: 'right', cell: (l) => frenchNumber(l.quantity) },
    { label: 'Unité', width: 55, align: 'left', cell: (l) => l.unitLabel },
    { label: 'PU HT', width: 80, align: 'right', cell: (l) => euros(l.unitPrice) },
    ...(vat
      ? [
          {
            label: 'TVA',
            width: 45,
            align: 'right' as const,
            cell: (l: Line) => `${Number(l.vatRate).toLocaleString('fr-FR')} %`,
          },
        ]
      : []),
    { label: 'Total HT', width: 75, align: 'right', cell: (l) => euros(l.total) },
  ];
}

/** Info-dictionary text is copied as is into the XMP: keep it free of XML markup. */
const plain = (text: string) => text.replace(/[<>&"]/g, ' ');

/**
 * The invoice as a Factur-X PDF: a PDF/A-3b document a person reads (embedded fonts, sRGB output
 * intent, Factur-X XMP), carrying the CII XML a machine reads as an Alternative attachment.
 */
export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const title = DOCUMENT_TITLES[doc.type];
  const { pdf, finished } = openPdfA({
    Title: `${title} ${doc.numero}`,
    Author: plain(doc.seller.name),
    Subject: `${title} ${doc.numero} — ${plain(doc.buyer.name)}`,
    Keywords: doc.type === 'devis' ? 'devis' : 'Factur-X, facture, EN 16931',
  });
  const theme = pdfTheme(doc);

  drawHeader(pdf, doc, theme);
  drawParties(pdf, doc);
  drawReferences(pdf, doc, theme);
  drawLines(pdf, doc, theme);
  drawTotals(pdf, doc);
  drawAcceptanceBox(pdf, doc);
  drawPaymentDetails(pdf, doc, theme, { x: PAGE.margin, width: CONTENT_WIDTH, bottom: FOOTER_Y - 20 });
  drawMentions(pdf, doc, theme);
  if (doc.paidAt) drawPaidStamp(pdf, doc.paidAt);
  if (doc.cancelled) drawCancelledStamp(pdf);
  drawPageNumbers(pdf, doc.numero);

  // A quote is not an invoice: a plain PDF/A, without the Factur-X XML nor its metadata.
  if (doc.type === 'devis') {
    pdf.end();
    return finished;
  }
  const xml = Buffer.from(buildCiiXml(doc), 'utf8');
  const when = new Date();
  pdf.file(xml, {
    name: FACTURX_FILENAME,
    type: 'text/xml',
    description: 'Factur-X Invoice',
    creationDate: when,
    modifiedDate: when,
    relationship: 'Alternative',
  } as PDFKit.Mixins.PDFAttachmentOptions);
  pdf.appendXML(facturXXmp());
  pdf.end();
  return withBinaryChecksum(await finished, xml);
}

const DELIVERY_LABELS = {
  services: 'Date de la prestation',
  biens: 'Date de livraison',
  mixte: 'Date de livraison / prestation',
} as const;

function drawHeader(pdf: Doc, doc: InvoiceDocument, theme: PdfTheme): void {
  // The logo, when there is one, sits at the top left with the title under it.
  const logoHeight = doc.logo ? drawLogo(pdf, doc.logo, PAGE.margin, PAGE.margin) + 10 : 0;
  pdf
    .font('bold')
    .fontSize(22)
    .fillColor(theme.accent)
    .text(DOCUMENT_TITLES[doc.type].toUpperCase(), PAGE.margin, PAGE.margin + logoHeight, {
      width: CONTENT_WIDTH / 2,
    });
  const titleBottom = pdf.y;
  pdf.font('regular').fontSize(10).fillColor(COLORS.ink);
  const right = { width: CONTENT_WIDTH, align: 'right' as const };
  pdf.text(`N° ${doc.numero}`, PAGE.margin, PAGE.margin, right);
  pdf.fillColor(COLORS.muted).text(`Date d’émission : ${frenchDate(doc.dateEmission)}`, right);
  if (doc.validUntil) pdf.text(`Valable jusqu’au : ${frenchDate(doc.validUntil)}`, right);
  else if (doc.type !== 'avoir') pdf.text(`Date d’échéance : ${frenchDate(doc.dateEcheance)}`, right);
  // A deposit is invoiced before any delivery: it states the date of the deposit (CGI art. 242 nonies A, 9°).
  if (doc.type === 'acompte') pdf.text(`${DEPOSIT_DATE_LABEL} : ${frenchDate(doc.dateEmission)}`, right);
  else pdf.text(`${DELIVERY_LABELS[doc.natureOperation]} : ${frenchDate(doc.dateLivraison)}`, right);
  pdf.y = Math.max(pdf.y, titleBottom);
  pdf.moveDown(2);
}

function drawParty(pdf: Doc, title: string, lines: string[], x: number, y: number, width: number): number {
  pdf.font('bold').fontSize(9).fillColor(COLORS.muted).text(title.toUpperCase(), x, y, { width });
  pdf
    .font('bold')
    .fontSize(11)
    .fillColor(COLORS.ink)
    .text(lines[0] ?? '', { width });
  pdf.font('regular').fontSize(10);
  for (const line of lines.slice(1)) if (line) pdf.text(line, { width });
  return pdf.y;
}

function drawParties(pdf: Doc, doc: InvoiceDocument): void {
  const top = pdf.y;
  const width = CONTENT_WIDTH / 2 - 10;
  const cityLine = (postcode: string, city: string) => [postcode, city].filter(Boolean).join(' ');
  const sellerBottom = drawParty(
    pdf,
    'Émetteur',
    [
      doc.seller.name,
      doc.seller.street,
      cityLine(doc.seller.postcode, doc.seller.city),
      doc.seller.siret ? `SIRET : ${doc.seller.siret}` : '',
      doc.seller.registration,
      doc.seller.vatId ? `N° TVA : ${doc.seller.vatId}` : '',
      doc.seller.email,
    ],
    PAGE.margin,
    top,
    width,
  );
  const buyerBottom = drawParty(
    pdf,
    doc.type === 'devis' ? 'Client' : 'Facturé à',
    [
      doc.buyer.name,
      doc.buyer.street,
      cityLine(doc.buyer.postcode, doc.buyer.city),
      doc.buyer.countryCode !== 'FR' ? doc.buyer.countryName : '',
      doc.buyer.siret ? `SIRET : ${doc.buyer.siret}` : doc.buyer.siren ? `SIREN : ${doc.buyer.siren}` : '',
      doc.buyer.vatId ? `N° TVA : ${doc.buyer.vatId}` : '',
      doc.buyer.email,
    ],
    PAGE.margin + CONTENT_WIDTH / 2 + 10,
    top,
    width,
  );
  pdf.x = PAGE.margin;
  pdf.y = Math.max(sellerBottom, buyerBottom) + 20;
  const shipTo = doc.deliveryAddress;
  if (shipTo) {
    const place = [shipTo.street, `${shipTo.postcode} ${shipTo.city}`.trim(), shipTo.countryName];
    pdf.font('bold').fontSize(10).fillColor(COLORS.ink).text('Adresse de livraison : ', { continued: true });
    pdf.font('regular').text(place.filter(Boolean).join(', '), { width: CONTENT_WIDTH });
    pdf.moveDown(0.8);
  }
  if (doc.objet) {
    pdf.font('bold').fontSize(10).fillColor(COLORS.ink).text('Objet : ', { continued: true });
    pdf.font('regular').text(doc.objet, { width: CONTENT_WIDTH });
    pdf.moveDown(0.8);
  }
}

function drawTableHeader(pdf: Doc, table: Column[], theme: PdfTheme): void {
  const y = pdf.y;
  pdf.rect(PAGE.margin, y, CONTENT_WIDTH, 20).fill(theme.band);
  pdf.font('bold').fontSize(9).fillColor(theme.accent);
  let x = PAGE.margin;
  for (const column of table) {
    pdf.text(column.label, x + 6, y + 6, { width: column.width - 12, align: column.align });
    x += column.width;
  }
  pdf.x = PAGE.margin;
  pdf.y = y + 26;
}

function drawLines(pdf: Doc, doc: InvoiceDocument, theme: PdfTheme): void {
  const table = columns(doc);
  drawTableHeader(pdf, table, theme);
  pdf.font('regular').fontSize(9.5).fillColor(COLORS.ink);
  for (const line of doc.lines) {
    const cells = table.map((column) => column.cell(line));
    const height = Math.max(
      ...cells.map((cell, i) => pdf.heightOfString(cell, { width: (table[i]?.width ?? 60) - 12 })),
    );
    // A line never splits across pages; the table header is repeated on the next one.
    if (pdf.y + height + 8 > FOOTER_Y - 20) {
      pdf.addPage();
      drawTableHeader(pdf, table, theme);
      pdf.font('regular').fontSize(9.5).fillColor(COLORS.ink);
    }
    const y = pdf.y;
    let x = PAGE.margin;
    cells.forEach((cell, i) => {
      const column = table[i];
      if (!column) return;
      pdf.text(cell, x + 6, y, { width: column.width - 12, align: column.align });
      x += column.width;
    });
    pdf.y = y + height + 4;
    pdf
      .moveTo(PAGE.margin, pdf.y)
      .lineTo(PAGE.margin + CONTENT_WIDTH, pdf.y)
      .lineWidth(0.5)
      .stroke(COLORS.rule);
    pdf.y += 4;
  }
  pdf.x = PAGE.margin;
}

function drawPaidStamp(pdf: Doc, paidAt: Date): void {
  pdf.switchToPage(0);
  const date = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris' }).format(paidAt);
  // Between the title and the number block, where it covers nothing.
  const box = { x: 215, y: 42, width: 150, height: 58 };
  pdf.save();
  pdf.rotate(-10, { origin: [box.x + box.width / 2, box.y + box.height / 2] });
  pdf.roundedRect(box.x, box.y, box.width, box.height, 8).lineWidth(3).stroke(COLORS.paid);
  pdf
    .font('bold')
    .fontSize(24)
    .fillColor(COLORS.paid)
    .text('PAYÉE', box.x, box.y + 7, { width: box.width, align: 'center' });
  pdf
    .font('regular')
    .fontSize(10)
    .text(`le ${date}`, box.x, box.y + 38, { width: box.width, align: 'center' });
  pdf.restore();
}

/**
 * ANNULÉE across every page, large, rotated and translucent: a page printed or forwarded alone still
 * says the invoice is void, while every line under it stays readable. PDF/A-3 allows this constant
 * opacity (an ExtGState /ca, normal blend mode), unlike PDF/A-1.
 */
function drawCancelledStamp(pdf: Doc): void {
  const { start, count } = pdf.bufferedPageRange();
  const width = 700;
  const size = 96;
  const center = { x: PAGE.width / 2, y: PAGE.height / 2 };
  for (let i = start; i < start + count; i++) {
    pdf.switchToPage(i);
    pdf.save();
    pdf.rotate(-55, { origin: [center.x, center.y] });
    pdf
      .font('bold')
      .fontSize(size)
      .fillColor(COLORS.cancelled, 0.18)
      .text('ANNULÉE', center.x - width / 2, center.y - size * 0.6, {
        width,
        align: 'center',
        lineBreak: false,
      });
    pdf.restore();
  }
}
