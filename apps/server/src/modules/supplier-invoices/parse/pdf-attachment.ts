import { SUPPLIER_INVOICE_MESSAGES } from '@facturo/shared';
import { AppError } from '../../../lib/errors.js';
import { boundedPdfJs, InflatedTooLarge, withinInflateBudget } from './bounded-pdfjs.js';

/** The names Factur-X (and its German twin ZUGFeRD/XRechnung) give the embedded invoice XML. */
const INVOICE_XML_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'];

/**
 * The invoice XML embedded in a Factur-X PDF, read with Mozilla's pdf.js (object streams, compressed
 * cross-reference tables and other writers' PDFs included). Nothing is rendered and no script runs: only
 * the embedded-files tree is read, and nothing inflates past its limit (bounded-pdfjs.ts). A PDF that does
 * not open → 400; one that would inflate too much → 413; a PDF without an invoice XML → 415 (a plain PDF
 * invoice is not an e-invoice).
 */
export async function facturxXml(pdf: Buffer): Promise<Buffer> {
  // pdf.js (~3 MB) is loaded at the first PDF received, not at the server's start (build.mjs keeps it lazy).
  const { getDocument } = await boundedPdfJs();
  let attachments: Record<string, { filename: string; content: Uint8Array }> | null;
  try {
    attachments = await withinInflateBudget(async () => {
      const task = getDocument({
        data: new Uint8Array(pdf),
        isEvalSupported: false,
        disableFontFace: true,
        stopAtErrors: false,
        verbosity: 0,
      });
      try {
        return await (await task.promise).getAttachments();
      } finally {
        await task.destroy();
      }
    });
  } catch (error) {
    if (error instanceof InflatedTooLarge) {
      throw new AppError(413, 'decompressed_too_large', SUPPLIER_INVOICE_MESSAGES.inflatedTooLarge);
    }
    throw new AppError(400, 'invalid_einvoice', 'Le PDF est illisible ou endommagé.');
  }
  const files = Object.values(attachments ?? {});
  const invoice =
    files.find((file) => INVOICE_XML_NAMES.includes(file.filename.toLowerCase())) ??
    files.find((file) => file.filename.toLowerCase().endsWith('.xml'));
  if (!invoice) {
    throw new AppError(
      415,
      'unsupported_invoice_file',
      'Ce PDF ne contient pas de facture électronique (pas de fichier factur-x.xml joint) : ce n’est pas une facture Factur-X.',
    );
  }
  return Buffer.from(invoice.content);
}
