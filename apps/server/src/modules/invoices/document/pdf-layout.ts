import { formatEuros } from '@facturo/shared';
import type PDFDocument from 'pdfkit';

/** The A4 page and the look every part of the invoice PDF shares. */
export const PAGE = { width: 595.28, height: 841.89, margin: 50 };
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const FOOTER_Y = PAGE.height - 40;
export const COLORS = {
  ink: '#0f172a',
  muted: '#475569',
  rule: '#cbd5e1',
  paid: '#b91c1c',
  cancelled: '#dc2626',
};

export type Doc = InstanceType<typeof PDFDocument>;

/** French display of amounts, with spaces every PDF font renders. */
export const euros = (amount: string) => formatEuros(Number(amount)).replace(/\u202f/g, '\u00a0');
export const frenchNumber = (value: string) =>
  Number(value)
    .toLocaleString('fr-FR', { maximumFractionDigits: 3 })
    .replace(/\u202f/g, '\u00a0');
export const frenchDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Starts a new page when the next block would run into the footer. */
export function ensureRoom(pdf: Doc, height: number): void {
  if (pdf.y + height > FOOTER_Y - 20) pdf.addPage();
}
