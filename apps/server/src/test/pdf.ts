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

interface PdfObject {
  dictionary: string;
  stream: string | null;
}

/** Every indirect object, its stream inflated (latin1 text, byte for byte). */
function pdfObjects(pdf: Buffer): Map<number, PdfObject> {
  const raw = pdfText(pdf);
  const objects = new Map<number, PdfObject>();
  for (const match of raw.matchAll(/(\d+) 0 obj\n([\s\S]*?)\nendobj/g)) {
    const body = match[2] ?? '';
    const streamAt = body.indexOf('stream\n');
    if (streamAt === -1) {
      objects.set(Number(match[1]), { dictionary: body, stream: null });
      continue;
    }
    const dictionary = body.slice(0, streamAt);
    const start = (match.index ?? 0) + match[0].indexOf(body) + streamAt + 'stream\n'.length;
    const end = raw.indexOf('\nendstream', start);
    const bytes = pdf.subarray(start, end);
    const data = dictionary.includes('/FlateDecode') ? inflateSync(bytes) : bytes;
    objects.set(Number(match[1]), { dictionary, stream: data.toString('latin1') });
  }
  return objects;
}

/** A font's ToUnicode map as pdfkit writes it: `<start> <end> [<utf16> …]` ranges. */
function toUnicode(cmap: string): Map<number, string> {
  const codes = new Map<number, string>();
  for (const range of cmap.matchAll(/<([0-9a-f]+)> <[0-9a-f]+> \[([^\]]*)\]/gi)) {
    const start = Number.parseInt(range[1] ?? '0', 16);
    [...(range[2] ?? '').matchAll(/<([0-9a-f ]+)>/gi)].forEach((entry, index) => {
      const units = (entry[1] ?? '').split(' ').map((hex) => Number.parseInt(hex, 16));
      codes.set(start + index, String.fromCharCode(...units));
    });
  }
  return codes;
}

/**
 * The text drawn on the pages, one line per text operation, decoded through each font's ToUnicode map:
 * what a reader copying from the PDF gets.
 */
export function pdfPageText(pdf: Buffer): string {
  const objects = pdfObjects(pdf);
  const fonts = new Map<string, Map<number, string>>();
  for (const object of objects.values()) {
    for (const [, name, ref] of object.dictionary.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = objects.get(Number(ref));
      const cmapRef = font?.dictionary.match(/\/ToUnicode (\d+) 0 R/)?.[1];
      const cmap = cmapRef ? objects.get(Number(cmapRef))?.stream : null;
      if (name && cmap) fonts.set(name, toUnicode(cmap));
    }
  }
  const lines: string[] = [];
  for (const object of objects.values()) {
    if (!object.stream?.includes(' Tf')) continue;
    let font = new Map<number, string>();
    for (const op of object.stream.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (op[1]) {
        font = fonts.get(op[1]) ?? new Map();
        continue;
      }
      const hex = [...(op[2] ?? '').matchAll(/<([0-9a-f]*)>/gi)].map((m) => m[1] ?? '').join('');
      const codes = hex.match(/.{4}/g) ?? [];
      lines.push(codes.map((code) => font.get(Number.parseInt(code, 16)) ?? '').join(''));
    }
  }
  return lines.join('\n');
}
