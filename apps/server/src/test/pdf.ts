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

/** Every stream of the file, inflated when compressed (page contents, fonts, images, the embedded XML…). */
export function pdfStreams(pdf: Buffer): Buffer[] {
  const raw = pdfText(pdf);
  const streams: Buffer[] = [];
  let from = 0;
  for (;;) {
    const keyword = raw.indexOf('stream\n', from);
    if (keyword === -1) return streams;
    const start = keyword + 'stream\n'.length;
    const end = raw.indexOf('\nendstream', start);
    const dictionary = raw.slice(raw.lastIndexOf('<<', keyword), keyword);
    const bytes = pdf.subarray(start, end);
    // endstream's own letters end in "stream\n" too: skip past this stream before looking again.
    from = end + '\nendstream'.length;
    if (!dictionary.includes('/FlateDecode')) streams.push(bytes);
    else {
      try {
        streams.push(inflateSync(bytes));
      } catch {
        // Not ours to read (e.g. a PNG's predictor data stays compressed the way the image wants).
      }
    }
  }
}

/**
 * The glyph ids each text-showing operator of the pages draws: pdfkit writes them as 4-digit hex
 * strings inside TJ arrays. Glyph 0 is .notdef, the empty box PDF/A forbids.
 */
export function drawnGlyphIds(pdf: Buffer): number[] {
  const ids: number[] = [];
  for (const stream of pdfStreams(pdf)) {
    const content = stream.toString('latin1');
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      for (const hex of (array[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)) {
        for (const glyph of (hex[1] ?? '').match(/.{4}/g) ?? []) ids.push(Number.parseInt(glyph, 16));
      }
    }
  }
  return ids;
}
