/**
 * Entry of the e-invoice reading threads (see parse-einvoice.ts): one task is one received file, read
 * away from the thread that answers HTTP requests and within the thread's own memory limits. An AppError
 * (the file's fault) comes back as data: a thrown error loses its status and code between threads.
 */
import type { ErrorType } from '@facturo/shared';
import { AppError } from '../../../lib/errors.js';
import type { ParsedEInvoice } from '../parsed-einvoice.js';
import { readEInvoice } from './read-einvoice.js';

export type EInvoiceReading =
  | { ok: true; invoice: ParsedEInvoice }
  | { ok: false; status: number; errorType: ErrorType; message: string };

export default async function read(file: Uint8Array): Promise<EInvoiceReading> {
  try {
    return {
      ok: true,
      invoice: await readEInvoice(Buffer.from(file.buffer, file.byteOffset, file.byteLength)),
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ok: false, status: error.status, errorType: error.errorType, message: error.message };
  }
}
