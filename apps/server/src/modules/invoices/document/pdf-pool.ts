import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Piscina } from 'piscina';
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

/** piscina itself is loaded with the first PDF, not at start (issue 16; build.mjs checks it). */
async function createPool(): Promise<Piscina<PdfTask, Uint8Array>> {
  const { Piscina } = await import('piscina');
  const worker = workerFile();
  return new Piscina({
    filename: worker.href,
    // Leave a core to the HTTP thread; more threads than that would only take turns on the CPU.
    maxThreads: Math.max(1, Math.min(4, availableParallelism() - 1)),
    // No thread before the first PDF, and a warm one kept for the next minute's.
    minThreads: 0,
    idleTimeout: 60_000,
    // From the TypeScript sources (tsx, vitest) the worker needs tsx's loader too; the bundle does not.
    ...(worker.pathname.endsWith('.ts') ? { execArgv: ['--import', 'tsx'] } : {}),
  });
}

/**
 * build.mjs bundles the worker as dist/pdf-worker.js beside dist/main.js, where this module's code
 * then lives — or in dist/chunks/ should code splitting move it into a shared chunk; from the sources
 * it is pdf-worker.ts beside this file.
 */
function workerFile(): URL {
  for (const candidate of ['./pdf-worker.js', '../pdf-worker.js']) {
    const bundled = new URL(candidate, import.meta.url);
    if (existsSync(fileURLToPath(bundled))) return bundled;
  }
  return new URL('./pdf-worker.ts', import.meta.url);
}
