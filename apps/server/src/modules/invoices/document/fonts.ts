import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

/**
 * DejaVu Sans, shipped through npm: PDF/A forbids the 14 standard fonts (they are not embedded),
 * and DejaVu covers accents, €, typographic apostrophes and the narrow spaces of French numbers.
 */
const fontDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);

export const FONTS = {
  regular: path.join(fontDir, 'DejaVuSans.ttf'),
  bold: path.join(fontDir, 'DejaVuSans-Bold.ttf'),
} as const;

/** Read once per process: every PDF embeds a subset of the same two files. */
let loaded: { regular: Buffer; bold: Buffer } | undefined;
export function fontData(): { regular: Buffer; bold: Buffer } {
  loaded ??= { regular: readFileSync(FONTS.regular), bold: readFileSync(FONTS.bold) };
  return loaded;
}

export type ParsedFont = fontkit.Font;

/**
 * The two fonts parsed once per thread (each PDF worker has its own) and reused by every document.
 * Given a path or a buffer, pdfkit parses the 757 KB TTF again with fontkit for each PDF, and the
 * tables fontkit decodes lazily (glyphs, metrics, layout) are decoded again too: a third of a PDF's
 * time. pdfkit also accepts an already parsed fontkit font (any object with `layout`), which it
 * wraps per document; fontkit never changes a font while subsetting it (the subset copies the
 * tables it rewrites), so one parsed font serves every document in turn.
 */
let parsed: { regular: ParsedFont; bold: ParsedFont } | undefined;
export function parsedFonts(): { regular: ParsedFont; bold: ParsedFont } {
  if (!parsed) {
    const data = fontData();
    parsed = { regular: parse(data.regular), bold: parse(data.bold) };
  }
  return parsed;
}

function parse(buffer: Buffer): ParsedFont {
  const font = fontkit.create(buffer);
  // A TTF file holds one font; a collection (TTC) would need a name, which DejaVu never does.
  if (!('layout' in font)) throw new Error('DejaVu: police unique attendue');
  return font;
}

/**
 * pdfkit's typings list only paths and buffers as font sources, though its font factory takes a
 * parsed fontkit font too (PDFFontFactory.open): this is the one place that says so.
 */
export function asFontSource(font: ParsedFont): PDFKit.Mixins.PDFFontSource {
  return font as unknown as PDFKit.Mixins.PDFFontSource;
}
