import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

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
