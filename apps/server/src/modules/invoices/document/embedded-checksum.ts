import { createHash } from 'node:crypto';

/**
 * pdfkit writes an embedded file's /CheckSum as a literal string of 32 hexadecimal characters, where
 * PDF (ISO 32000, 7.11.4) and PDF/A-3 want the 16 bytes of the MD5 digest. The same digest as a hex
 * string, <…>, is those 16 bytes and has the same length, so the fix changes no byte offset: the
 * cross-reference table stays right.
 */
export function withBinaryChecksum(pdf: Buffer, embedded: Uint8Array): Buffer {
  const md5 = createHash('md5').update(embedded).digest('hex');
  const written = Buffer.from(`/CheckSum (${md5})`, 'latin1');
  const at = pdf.indexOf(written);
  // Written by pdfkit just before: not finding it means pdfkit changed, which the tests catch.
  if (at === -1) throw new Error('CheckSum du fichier joint introuvable');
  const fixed = Buffer.from(pdf);
  fixed.write(`/CheckSum <${md5}>`, at, 'latin1');
  return fixed;
}
