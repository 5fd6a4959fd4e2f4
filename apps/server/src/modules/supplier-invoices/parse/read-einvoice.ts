import { SUPPLIER_INVOICE_MAX_BYTES, SUPPLIER_INVOICE_MESSAGES } from '@facturo/shared';
import { AppError } from '../../../lib/errors.js';
import type { ParsedEInvoice } from '../parsed-einvoice.js';
import { CII_NAMESPACE, parseCii } from './parse-cii.js';
import { parseUbl, UBL_CREDIT_NOTE_NAMESPACE, UBL_INVOICE_NAMESPACE } from './parse-ubl.js';
import { facturxXml } from './pdf-attachment.js';
import { parseXml } from './xml-tree.js';

const UNSUPPORTED = 'Fichier non reconnu : déposez une facture Factur-X (PDF), CII ou UBL (XML).';

/**
 * Reads an electronic invoice from its bytes, on the calling thread: a Factur-X PDF (its embedded
 * factur-x.xml), a CII or a UBL XML; the type is read from the bytes, never from a name. Anything else, or
 * a malformed file, is an AppError (400 or 415) with a French message; over 10 Mo, or over 20 Mo once
 * inflated, a 413; too complex an XML, a 422. The server calls it on a worker thread (parse-einvoice.ts).
 */
export async function readEInvoice(bytes: Buffer): Promise<ParsedEInvoice> {
  if (bytes.length > SUPPLIER_INVOICE_MAX_BYTES) {
    throw new AppError(413, 'payload_too_large', SUPPLIER_INVOICE_MESSAGES.tooLarge);
  }
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
    return parseXmlInvoice(await facturxXml(bytes), true);
  }
  if (!looksLikeXml(bytes)) throw new AppError(415, 'unsupported_invoice_file', UNSUPPORTED);
  return parseXmlInvoice(bytes, false);
}

/** An XML file starts, after a byte-order mark and blanks, with `<`; anything else is not ours to read. */
function looksLikeXml(bytes: Buffer): boolean {
  const start = bytes
    .subarray(0, 64)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return start.startsWith('<');
}

function parseXmlInvoice(bytes: Buffer, fromPdf: boolean): ParsedEInvoice {
  const xml = parseXml(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  // The syntax is told by the root's namespace URI, whatever prefix the sender chose.
  if (xml.rootName === 'CrossIndustryInvoice' && xml.rootNamespace === CII_NAMESPACE) {
    return parseCii(xml.root, fromPdf ? 'facturx' : 'cii');
  }
  if (!fromPdf && xml.rootName === 'Invoice' && xml.rootNamespace === UBL_INVOICE_NAMESPACE) {
    return parseUbl(xml.root, false);
  }
  if (!fromPdf && xml.rootName === 'CreditNote' && xml.rootNamespace === UBL_CREDIT_NOTE_NAMESPACE) {
    return parseUbl(xml.root, true);
  }
  throw new AppError(
    415,
    'unsupported_invoice_file',
    fromPdf ? 'Le fichier joint au PDF n’est pas une facture CII (Factur-X).' : UNSUPPORTED,
  );
}
