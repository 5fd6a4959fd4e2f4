/**
 * Entry of the PDF worker threads (see pdf-pool.ts): one task is one document — an invoice, deposit,
 * credit note or quote, or (issue 18) a printable register — rendered away from the thread that
 * answers HTTP requests.
 */
import { type RegisterSpec, renderRegisterPdf } from '../../books/register-pdf.js';
import type { InvoiceDocument } from './invoice-document.js';
import { renderInvoicePdf } from './invoice-pdf.js';

export type PdfTask = { kind: 'invoice'; doc: InvoiceDocument } | { kind: 'register'; spec: RegisterSpec };

export default function render(task: PdfTask): Promise<Buffer> {
  return task.kind === 'register' ? renderRegisterPdf(task.spec) : renderInvoicePdf(task.doc);
}
