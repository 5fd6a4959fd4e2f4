import type { Piscina } from 'piscina';
import { spareCores, threadPool } from '../../../lib/thread-pool.js';
import type { RegisterSpec } from '../../books/register-pdf.js';
import type { InvoiceDocument } from './invoice-document.js';
import type { PdfTask } from './pdf-worker.js';

/**
 * Drawing a PDF is synchronous CPU work (a 500-line invoice takes a second or more): on the thread
 * that serves HTTP it would stall every other request, health checks included, until a load
 * balancer takes the replica out. Renders run in a pool of worker threads instead (piscina).
 */
let pool: Promise<Piscina<PdfTask, Uint8Array>> | undefined;

/** The Factur-X PDF of `doc`, rendered on a worker thread. */
export function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  return run({ kind: 'invoice', doc });
}

/** Issue 18: a printable register (books/register-pdf.ts), rendered on a worker thread. */
export function renderRegisterPdf(spec: RegisterSpec): Promise<Buffer> {
  return run({ kind: 'register', spec });
}

async function run(task: PdfTask): Promise<Buffer> {
  pool ??= createPool();
  const pdf = await (await pool).run(task);
  // A Buffer crosses threads as a plain Uint8Array: view the same bytes as a Buffer again.
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}

function createPool(): Promise<Piscina<PdfTask, Uint8Array>> {
  return threadPool<PdfTask, Uint8Array>('pdf-worker', new URL('./pdf-worker.ts', import.meta.url), {
    maxThreads: spareCores(4),
    // No thread before the first PDF, and a warm one kept for the next minute's.
    minThreads: 0,
    idleTimeout: 60_000,
  });
}
