import { formatEuros } from '@facturo/shared';
import PDFDocument from 'pdfkit';
import { buildCiiXml } from './cii-xml.js';
import { withBinaryChecksum } from './embedded-checksum.js';
import { FACTURX_FILENAME, facturXXmp } from './facturx-xmp.js';
import { FONTS, fontData } from './fonts.js';
import type { InvoiceDocument } from './invoice-document.js';
import { drawLogo, type PdfTheme, pdfTheme } from './pdf-branding.js';
import { drawPaymentDetails } from './pdf-payment.js';
import { drawOnlyPrintableText } from './pdf-text.js';

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const FOOTER_Y = PAGE.height - 40;
const COLORS = {
  ink: '#0f172a',
  muted: '#475569',
  rule: '#cbd5e1',
  paid: '#b91c1c',
};
const COLUMNS = [
  { label: 'Description', width: 250, align: 'left' },
  { label: 'Quantité', width: 60, align: 'right' },
  { label: 'Prix unit. HT', width: 95, align: 'right' },
  { label: 'Total HT', width: 90, align: 'right' },
] as const;

type Doc = InstanceType<typeof PDFDocument>;

/** French display of amounts, with spaces every PDF font renders. */
const euros = (amount: string) => formatEuros(Number(amount)).replace(/\u202f/g, '\u00a0');
const quantity = (value: string) => Number(value).toLocaleString('fr-FR', { maximumFractionDigits: 3 });
const frenchDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
/** Info-dictionary text is copied as is into the XMP: keep it free of XML markup. */
const plain = (text: string) => text.replace(/[<>&"]/g, ' ');

/**
 * The invoice as a Factur-X PDF: a PDF/A-3b document a person reads (embedded fonts, sRGB output
 * intent, Factur-X XMP), carrying the CII XML a machine reads as an Alternative attachment.
 */
export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    font: FONTS.regular,
    bufferPages: true,
    lang: 'fr-FR',
    displayTitle: true,
    info: {
      Title: `Facture ${doc.numero}`,
      Author: plain(doc.seller.name),
      Subject: `Facture ${doc.numero} — ${plain(doc.buyer.name)}`,
      Keywords: 'Factur-X, facture, EN 16931',
      Creator: 'Facturo',
      Producer: 'Facturo',
    },
  });
  const fonts = fontData();
  pdf.registerFont('regular', fonts.regular);
  pdf.registerFont('bold', fonts.bold);
  drawOnlyPrintableText(pdf);
  const theme = pdfTheme(doc);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  drawHeader(pdf, doc, theme);
  drawParties(pdf, doc);
  drawLines(pdf, doc, theme);
  drawTotals(pdf, doc);
  drawPaymentDetails(pdf, doc, theme, { x: PAGE.margin, width: CONTENT_WIDTH, bottom: FOOTER_Y - 20 });
  drawMentions(pdf, doc, theme);
  if (doc.paidAt) drawPaidStamp(pdf, doc.paidAt);
  drawPageNumbers(pdf, doc);

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

function drawHeader(pdf: Doc, doc: InvoiceDocument, theme: PdfTheme): void {
  // The logo, when there is one, sits at the top left with the title under it.
  const logoHeight = doc.logo ? drawLogo(pdf, doc.logo, PAGE.margin, PAGE.margin) + 10 : 0;
  pdf
    .font('bold')
    .fontSize(22)
    .fillColor(theme.accent)
    .text('FACTURE', PAGE.margin, PAGE.margin + logoHeight);
  const titleBottom = pdf.y;
  pdf.font('regular').fontSize(10).fillColor(COLORS.ink);
  const right = { width: CONTENT_WIDTH, align: 'right' as const };
  pdf.text(`N° ${doc.numero}`, PAGE.margin, PAGE.margin, right);
  pdf.fillColor(COLORS.muted).text(`Date d’émission : ${frenchDate(doc.dateEmission)}`, right);
  pdf.text(`Date d’échéance : ${frenchDate(doc.dateEcheance)}`, right);
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
      doc.seller.vatId ? `TVA intracommunautaire : ${doc.seller.vatId}` : '',
      doc.seller.email,
    ],
    PAGE.margin,
    top,
    width,
  );
  const buyerBottom = drawParty(
    pdf,
    'Facturé à',
    [
      doc.buyer.name,
      doc.buyer.street,
      cityLine(doc.buyer.postcode, doc.buyer.city),
      doc.buyer.countryCode !== 'FR' ? doc.buyer.countryName : '',
      doc.buyer.siret ? `SIRET : ${doc.buyer.siret}` : doc.buyer.siren ? `SIREN : ${doc.buyer.siren}` : '',
      doc.buyer.email,
    ],
    PAGE.margin + CONTENT_WIDTH / 2 + 10,
    top,
    width,
  );
  pdf.x = PAGE.margin;
  pdf.y = Math.max(sellerBottom, buyerBottom) + 20;
  if (doc.objet) {
    pdf.font('bold').fontSize(10).fillColor(COLORS.ink).text('Objet : ', { continued: true });
    pdf.font('regular').text(doc.objet, { width: CONTENT_WIDTH });
    pdf.moveDown(0.8);
  }
}

function drawTableHeader(pdf: Doc, theme: PdfTheme): void {
  const y = pdf.y;
  pdf.rect(PAGE.margin, y, CONTENT_WIDTH, 20).fill(theme.band);
  pdf.font('bold').fontSize(9).fillColor(theme.accent);
  let x = PAGE.margin + 6;
  for (const column of COLUMNS) {
    pdf.text(column.label, x, y + 6, { width: column.width - 12, align: column.align });
    x += column.width;
  }
  pdf.x = PAGE.margin;
  pdf.y = y + 26;
}

function drawLines(pdf: Doc, doc: InvoiceDocument, theme: PdfTheme): void {
  drawTableHeader(pdf, theme);
  pdf.font('regular').fontSize(9.5).fillColor(COLORS.ink);
  for (const line of doc.lines) {
    const cells = [line.description, quantity(line.quantity), euros(line.unitPrice), euros(line.total)];
    const height = Math.max(
      ...cells.map((cell, i) => pdf.heightOfString(cell, { width: (COLUMNS[i]?.width ?? 60) - 12 })),
    );
    // A line never splits across pages; the table header is repeated on the next one.
    if (pdf.y + height + 8 > FOOTER_Y - 20) {
      pdf.addPage();
      drawTableHeader(pdf, theme);
      pdf.font('regular').fontSize(9.5).fillColor(COLORS.ink);
    }
    const y = pdf.y;
    let x = PAGE.margin + 6;
    cells.forEach((cell, i) => {
      const column = COLUMNS[i];
      if (!column) return;
      pdf.text(cell, x, y, { width: column.width - 12, align: column.align });
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

function ensureRoom(pdf: Doc, height: number): void {
  if (pdf.y + height > FOOTER_Y - 20) pdf.addPage();
}

function drawTotals(pdf: Doc, doc: InvoiceDocument): void {
  ensureRoom(pdf, 80);
  const labelX = PAGE.margin + CONTENT_WIDTH - 250;
  const rows: [string, string, boolean][] = [
    ['Total HT', euros(doc.totalHt), false],
    [`TVA (${doc.vatRate} %)`, euros(doc.totalVat), false],
    ['Total TTC', euros(doc.totalTtc), true],
  ];
  pdf.moveDown(0.5);
  for (const [label, amount, strong] of rows) {
    const y = pdf.y;
    pdf
      .font(strong ? 'bold' : 'regular')
      .fontSize(strong ? 12 : 10)
      .fillColor(COLORS.ink);
    pdf.text(label, labelX, y, { width: 140 });
    pdf.text(amount, labelX + 140, y, { width: 110, align: 'right' });
    pdf.moveDown(0.3);
  }
  pdf.x = PAGE.margin;
  pdf.moveDown(1);
}

function drawMentions(pdf: Doc, doc: InvoiceDocument, theme: PdfTheme): void {
  const paragraphs = [
    `Échéance : ${frenchDate(doc.dateEcheance)}. ${doc.conditionsPaiement}`.trim(),
    doc.vatExemption,
    `Nature de l’opération : ${doc.natureLabel}.`,
    // Penalties, the €40 indemnity and the discount terms are owed by business clients (Code de commerce L441-10).
    ...(doc.buyer.isBusiness
      ? [doc.latePenalties, doc.recoveryIndemnity, doc.discountTerms]
      : [doc.discountTerms]),
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

function drawPageNumbers(pdf: Doc, doc: InvoiceDocument): void {
  const { start, count } = pdf.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    pdf.switchToPage(i);
    // The footer sits in the bottom margin, where pdfkit would otherwise start a new page.
    pdf.page.margins.bottom = 0;
    pdf.font('regular').fontSize(8).fillColor(COLORS.muted);
    pdf.text(`${doc.numero} — page ${i + 1} / ${count}`, PAGE.margin, FOOTER_Y, {
      width: CONTENT_WIDTH,
      align: 'center',
      lineBreak: false,
    });
  }
}
