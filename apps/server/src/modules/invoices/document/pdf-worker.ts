/**
 * Entry of the PDF worker threads (see pdf-pool.ts): one task is one invoice document, rendered by
 * the same code as before, away from the thread that answers HTTP requests.
 */
import type { InvoiceDocument } from './invoice-document.js';
import { renderInvoicePdf } from './invoice-pdf.js';

export default function render(doc: InvoiceDocument): Promise<Buffer> {
  return renderInvoicePdf(doc);
}
