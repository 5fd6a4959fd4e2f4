import { SUPPLIER_INVOICE_MESSAGES } from '@facturo/shared';
import type { Piscina } from 'piscina';
import { AppError } from '../../lib/errors.js';
import { spareCores, threadPool } from '../../lib/thread-pool.js';
import type { EInvoiceReading } from './parse/einvoice-worker.js';
import type { ParsedEInvoice } from './parsed-einvoice.js';

/**
 * Reading a received file is the one place where a small upload can cost a lot: a PDF's streams
 * inflate (1 MB of deflate makes 1 GB), an XML's elements become objects. The file is read on a worker
 * thread (piscina) whose V8 heap is capped, so a file that gets past the inflate and XML limits
 * (bounded-pdfjs.ts, xml-tree.ts) can at worst end its own thread — answered 422 — never the replica;
 * HTTP and health checks keep their thread meanwhile. At most READERS files are read at once and
 * WAITING wait for their turn: beyond, 503 with Retry-After, so neither the memory nor the wait grow with
 * the load.
 */
const READERS = spareCores(2);
const WAITING = 8;

/**
 * Per thread. A 10 Mo PDF is read in some 40 MiB, a 100,000-element XML in about 60 MiB: twice that
 * leaves room, and with READERS threads the replica's extra memory stays within a few hundred MiB.
 */
const THREAD_LIMITS = { maxOldGenerationSizeMb: 160, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };

/** The Retry-After of a 503: a file takes a second or two to read. */
const RETRY_AFTER_SECONDS = 5;

let pool: Promise<Piscina<Uint8Array, EInvoiceReading>> | undefined;

/**
 * Reads an electronic invoice from its bytes (parse/read-einvoice.ts: Factur-X PDF, CII or UBL XML) on a
 * reading thread. The file's faults are AppErrors (400, 413, 415, 422) with a French message; every
 * reading thread busy and the queue full, a 503.
 */
export async function parseEInvoice(bytes: Buffer): Promise<ParsedEInvoice> {
  pool ??= threadPool<Uint8Array, EInvoiceReading>(
    'einvoice-worker',
    new URL('./parse/einvoice-worker.ts', import.meta.url),
    {
      maxThreads: READERS,
      // No thread kept warm, unlike the PDF pool's: a reading thread holds pdf.js (some 33 MB once loaded)
      // and, after a large file, up to its 160 MiB heap, for uploads that come a few times a month per
      // professional and can wait the second a new thread takes.
      minThreads: 0,
      idleTimeout: 60_000,
      maxQueue: WAITING,
      resourceLimits: THREAD_LIMITS,
    },
  );
  const readers = await pool;
  // The caller keeps its bytes (the original is stored as received): the thread gets a copy of them alone,
  // moved to it rather than copied again.
  const copy = new Uint8Array(bytes);
  let reading: EInvoiceReading;
  try {
    reading = await readers.run(copy, { transferList: [copy.buffer] });
  } catch (error) {
    throw threadFailure(error);
  }
  if (reading.ok) return reading.invoice;
  throw new AppError(reading.status, reading.errorType, reading.message);
}

/** Ends the reading threads once the files in hand are read (the server's stop, main.ts). */
export async function closeEInvoiceReaders(): Promise<void> {
  const closing = pool;
  pool = undefined;
  if (closing) await (await closing).close();
}

function busy(): AppError {
  return new AppError(503, 'uploads_busy', SUPPLIER_INVOICE_MESSAGES.busy, {
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  });
}

/**
 * A thread that ran out of memory was ended by its limits: the file asked too much (422); piscina starts
 * another thread for the next one. A full queue is the load's doing (503). Anything else is ours (500).
 */
function threadFailure(error: unknown): Error {
  if (error instanceof Error && 'code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return new AppError(422, 'einvoice_too_complex', SUPPLIER_INVOICE_MESSAGES.tooCostly);
  }
  if (error instanceof Error && error.message === 'Task queue is at limit') return busy();
  return error instanceof Error ? error : new Error(String(error));
}
