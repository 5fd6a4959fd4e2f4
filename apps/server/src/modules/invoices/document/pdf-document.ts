import PDFDocument from 'pdfkit';
import { asFontSource, parsedFonts } from './fonts.js';
import { COLORS, CONTENT_WIDTH, type Doc, FOOTER_Y, PAGE } from './pdf-layout.js';
import { drawOnlyPrintableText } from './pdf-text.js';

/**
 * Every PDF the product draws (invoices, quotes, issue 18's registers) opens the same way: A4, PDF/A-3b
 * with DejaVu embedded (fonts parsed once per worker thread, fonts.ts), pages buffered for their numbers,
 * and only printable text drawn — names and descriptions are the users' own text.
 */
export function openPdfA(info: PDFKit.DocumentInfo): { pdf: Doc; finished: Promise<Buffer> } {
  const fonts = parsedFonts();
  const pdf = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    // Typed as a path or a standard font's name; pdfkit hands it to the same factory as registerFont.
    font: asFontSource(fonts.regular) as string,
    bufferPages: true,
    lang: 'fr-FR',
    displayTitle: true,
    info: { Creator: 'Facturo', Producer: 'Facturo', ...info },
  });
  pdf.registerFont('regular', asFontSource(fonts.regular));
  pdf.registerFont('bold', asFontSource(fonts.bold));
  drawOnlyPrintableText(pdf);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return { pdf, finished };
}

/** « <label> — page N / M » at the foot of every page, once all are drawn. */
export function drawPageNumbers(pdf: Doc, label: string): void {
  const { start, count } = pdf.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    pdf.switchToPage(i);
    // The footer sits in the bottom margin, where pdfkit would otherwise start a new page.
    pdf.page.margins.bottom = 0;
    pdf.font('regular').fontSize(8).fillColor(COLORS.muted);
    pdf.text(`${label} — page ${i + 1} / ${count}`, PAGE.margin, FOOTER_Y, {
      width: CONTENT_WIDTH,
      align: 'center',
      lineBreak: false,
    });
  }
}
