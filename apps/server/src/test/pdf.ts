import { inflateSync } from 'node:zlib';

/** Just enough PDF reading for the tests: raw text, and the embedded files' decoded content. */
export function pdfText(pdf: Buffer): string {
  return pdf.toString('latin1');
}

/** The content of the first embedded file stream (/Type /EmbeddedFile), inflated when compressed. */
export function embeddedFile(pdf: Buffer): Buffer {
  const raw = pdfText(pdf);
  const dictStart = raw.indexOf('/Type /EmbeddedFile');
  if (dictStart === -1) throw new Error('pas de fichier joint');
  const streamStart = raw.indexOf('stream\n', dictStart) + 'stream\n'.length;
  const streamEnd = raw.indexOf('\nendstream', streamStart);
  const dictionary = raw.slice(raw.lastIndexOf('<<', dictStart), streamStart);
  const bytes = pdf.subarray(streamStart, streamEnd);
  return dictionary.includes('/FlateDecode') ? inflateSync(bytes) : bytes;
}

/** The XMP packet (PDF/A keeps it uncompressed). */
export function xmp(pdf: Buffer): string {
  const raw = pdf.toString('utf8');
  const start = raw.indexOf('<x:xmpmeta');
  const end = raw.indexOf('</x:xmpmeta>');
  return start === -1 ? '' : raw.slice(start, end + '</x:xmpmeta>'.length);
}
