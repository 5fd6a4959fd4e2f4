import { AppError } from '../../lib/errors.js';
import type { ParsedEInvoice } from './parsed-einvoice.js';

/**
 * Reads an electronic invoice from its bytes: a Factur-X PDF (its embedded factur-x.xml), a CII or a UBL
 * XML; the type is read from the bytes, never from a name. Anything else, or a malformed file, is an
 * AppError (400 or 415) with a French message. CONTRACT PLACEHOLDER: the inbox lane writes it.
 */
export async function parseEInvoice(_bytes: Buffer): Promise<ParsedEInvoice> {
  throw new AppError(
    415,
    'unsupported_invoice_file',
    'Fichier non reconnu : déposez une facture Factur-X (PDF), CII ou UBL (XML).',
  );
}
