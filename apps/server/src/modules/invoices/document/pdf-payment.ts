import { formatIbanForPrint } from '@facturo/shared';
import type PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { epcPayload } from './epc-qr.js';
import type { InvoiceDocument } from './invoice-document.js';
import type { PdfTheme } from './pdf-branding.js';

type Doc = InstanceType<typeof PDFDocument>;

/** Where the block may go: the content column and the lowest line before the footer. */
export interface PaymentLayout {
  x: number;
  width: number;
  bottom: number;
}

/** 90 pt is about 3.2 cm: above the 2 cm the EPC guideline asks, easy for a phone at arm's length. */
const QR_SIZE = 90;
/** The quiet zone around a QR code, in modules (ISO/IEC 18004). */
const QUIET_ZONE = 4;
const INK = '#0f172a';
const MUTED = '#475569';
export const QR_CAPTION = 'Payer par virement : scannez ce code dans votre application bancaire';

/**
 * « Coordonnées bancaires »: the issuer's IBAN and BIC as on the invoice when written and, while an
 * amount is due, the EPC QR code that fills a SEPA transfer in the client's bank app.
 */
export function drawPaymentDetails(
  pdf: Doc,
  doc: InvoiceDocument,
  theme: PdfTheme,
  layout: PaymentLayout,
): void {
  const { payment } = doc;
  // A credit note is owed by the issuer, not to them: no bank details to pay into.
  if (!payment || doc.type === 'avoir') return;
  // Nothing is owed on a paid or cancelled invoice, nor yet on a quote: no code a banking app would turn
  // into a transfer.
  const withQr = doc.paidAt === null && !doc.cancelled && doc.type !== 'devis' && Number(doc.duePayable) > 0;
  const height = withQr ? QR_SIZE + 24 : 64;
  if (pdf.y + height > layout.bottom) pdf.addPage();

  pdf.font('bold').fontSize(10).fillColor(theme.accent);
  pdf.text('Coordonnées bancaires', layout.x, pdf.y, { width: layout.width });
  pdf.moveDown(0.3);
  const top = pdf.y;
  const textWidth = withQr ? layout.width - QR_SIZE - 20 : layout.width;
  pdf.font('regular').fontSize(9.5).fillColor(INK);
  pdf.text(`Titulaire : ${doc.seller.name}`, layout.x, top, { width: textWidth });
  pdf.text(`IBAN : ${formatIbanForPrint(payment.iban)}`, { width: textWidth });
  if (payment.bic) pdf.text(`BIC : ${payment.bic}`, { width: textWidth });
  if (withQr) {
    pdf.moveDown(0.5);
    pdf.fontSize(8.5).fillColor(MUTED).text(QR_CAPTION, { width: textWidth });
    drawEpcQr(pdf, doc, payment, layout.x + layout.width - QR_SIZE, top);
  }
  pdf.x = layout.x;
  pdf.y = Math.max(pdf.y, withQr ? top + QR_SIZE : 0) + 12;
}

function drawEpcQr(
  pdf: Doc,
  doc: InvoiceDocument,
  payment: { iban: string; bic: string },
  x: number,
  y: number,
) {
  const payload = epcPayload({
    name: doc.seller.name,
    iban: payment.iban,
    bic: payment.bic,
    // A final invoice asks for what remains after its deposits.
    amount: doc.duePayable,
    reference: doc.numero,
  });
  // Byte mode throughout, of the UTF-8 bytes: character set 1 says UTF-8, and some bank apps read only byte mode.
  const { modules } = QRCode.create([{ data: Buffer.from(payload, 'utf8'), mode: 'byte' }], {
    errorCorrectionLevel: 'M',
  });
  const module = QR_SIZE / (modules.size + 2 * QUIET_ZONE);
  const origin = { x: x + QUIET_ZONE * module, y: y + QUIET_ZONE * module };
  // One rectangle per run of dark modules in a row: vector, sharp at any zoom, without seams between modules.
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      pdf.rect(origin.x + start * module, origin.y + row * module, (col - start) * module, module);
    }
  }
  pdf.fillColor(INK).fill();
}
