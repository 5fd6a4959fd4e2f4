import type PDFDocument from 'pdfkit';
import type { InvoiceDocument } from './invoice-document.js';

type Doc = InstanceType<typeof PDFDocument>;

/** The colours of one invoice: the issuer's accent, and a pale tint of it behind the table header. */
export interface PdfTheme {
  accent: string;
  band: string;
}

/** The PDF's colour before issuers could choose theirs (DEFAULT_ACCENT_COLOR). */
const DEFAULT_ACCENT = '#3730A3';
/** Share of the accent in the band's tint: pale enough for accent-coloured text on it to stay readable. */
const BAND_TINT = 0.1;
/** The largest box the logo is drawn in, in points (the stored image is 600 × 300 px at most). */
export const LOGO_BOX = { width: 150, height: 60 };

export function pdfTheme(doc: InvoiceDocument): PdfTheme {
  const accent = /^#[0-9a-f]{6}$/i.test(doc.accentColor ?? '') ? (doc.accentColor as string) : DEFAULT_ACCENT;
  return { accent, band: tint(accent, BAND_TINT) };
}

/** `color` mixed with white, `share` of it kept. */
function tint(color: string, share: number): string {
  const channels = [1, 3, 5].map((at) => Number.parseInt(color.slice(at, at + 2), 16));
  const mixed = channels.map((channel) => Math.round(255 - (255 - channel) * share));
  return `#${mixed.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

/** Draws the logo at (x, y) fitted in LOGO_BOX, keeping its shape; returns the height it took. */
export function drawLogo(pdf: Doc, logo: NonNullable<InvoiceDocument['logo']>, x: number, y: number): number {
  const scale = Math.min(LOGO_BOX.width / logo.width, LOGO_BOX.height / logo.height);
  const width = logo.width * scale;
  const height = logo.height * scale;
  // Across the worker thread the bytes arrive as a plain Uint8Array, which pdfkit would take for a path.
  pdf.image(Buffer.from(logo.data.buffer, logo.data.byteOffset, logo.data.byteLength), x, y, {
    width,
    height,
  });
  return height;
}
