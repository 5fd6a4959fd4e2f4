/**
 * Issue 18: the CSV a French spreadsheet opens correctly by a double click (Excel, LibreOffice in a
 * French locale): UTF-8 with a byte-order mark (else Excel reads it as Windows-1252), `;` between
 * fields (`,` is the decimal separator), CRLF line ends, and fields quoted when they hold `;`, a quote
 * or a line break. Amounts are written with `frenchDecimal`.
 */

const BOM = '\uFEFF';

export type CsvCell = string | number | null | undefined;

function field(value: CsvCell): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: the header row, then one row per record. */
export function frenchCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): Buffer {
  const lines = [header, ...rows].map((row) => row.map(field).join(';'));
  return Buffer.from(`${BOM}${lines.join('\r\n')}\r\n`, 'utf8');
}

/** Cents as a French decimal number without grouping: 123456 → « 1234,56 », -5 → « -0,05 ». */
export function frenchDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** An ISO day (YYYY-MM-DD) as a French date (DD/MM/YYYY). */
export function frenchDay(isoDay: string): string {
  return `${isoDay.slice(8, 10)}/${isoDay.slice(5, 7)}/${isoDay.slice(0, 4)}`;
}

/** `attachment; filename="…"` for a download (ASCII file names only, which ours are). */
export const attachment = (fileName: string) => `attachment; filename="${fileName}"`;
