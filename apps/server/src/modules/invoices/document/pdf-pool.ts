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

/**
 * How long a thread beyond the first stays after its last PDF. The first stays for good: a thread that
 * ended with the idle minute made the next PDF pay a new thread, tsx or the bundle loaded again, fontkit
 * parsing DejaVu again and a cold JIT — 0.05× the rate of a minimal pdfkit page. One kept thread costs its
 * memory only once the replica has drawn a PDF (the pool starts with the first one, not with the server,
 * whose start and memory stay those of the API alone).
 */
export const PDF_THREAD_IDLE_MS = 60_000;

function createPool(): Promise<Piscina<PdfTask, Uint8Array>> {
  return threadPool<PdfTask, Uint8Array>('pdf-worker', new URL('./pdf-worker.ts', import.meta.url), {
    maxThreads: spareCores(4),
    minThreads: 1,
    idleTimeout: PDF_THREAD_IDLE_MS,
  });
}

/**
 * Ends the PDF threads, once the renders in flight are done; the next render starts a new pool. The
 * server's stop calls it after the HTTP server and the job queue have stopped (main.ts).
 */
export async function closePdfPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  if (closing) await (await closing).close();
}
