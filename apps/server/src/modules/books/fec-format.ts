import { frenchDecimal } from '../../lib/french-csv.js';
import type { FecEntry } from './fec-entries.js';

/**
 * The FEC's text (LPF art. A47 A-1, commented in BOFiP BOI-CF-IOR-60-40-20): a flat file, the first line
 * the 18 field names in their order, one line per accounting line, fields separated by a tab, dates
 * AAAAMMJJ, amounts with a decimal comma and no thousands separator. The article allows ASCII,
 * ISO 8859-15 or EBCDIC: the file is ISO 8859-15 (Latin-9, French accents and « € » in one byte each).
 */

export const FEC_COLUMNS = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;

/** A field never holds the separator nor a line break (a client's name could). */
const text = (value: string) => value.replace(/[\t\r\n]+/g, ' ').trim();
const fecDay = (isoDay: string) => isoDay.replaceAll('-', '');

export function fecLines(entries: FecEntry[]): string[][] {
  return entries.flatMap((entry) =>
    entry.lines.map((line) => [
      entry.journal.code,
      entry.journal.lib,
      String(entry.num),
      fecDay(entry.day),
      line.account.num,
      text(line.account.lib),
      line.aux?.num ?? '',
      text(line.aux?.lib ?? ''),
      text(entry.pieceRef),
      fecDay(entry.pieceDay),
      text(entry.label),
      frenchDecimal(line.debitCents),
      frenchDecimal(line.creditCents),
      '',
      '',
      fecDay(entry.validDay),
      // Kept in euros, the accounting currency: no foreign-currency amount.
      '',
      '',
    ]),
  );
}

/** Latin-9's eight code points that differ from Latin-1 (ISO 8859-15 vs 8859-1). */
const LATIN9: Record<string, number> = {
  '€': 0xa4,
  Š: 0xa6,
  š: 0xa8,
  Ž: 0xb4,
  ž: 0xb8,
  Œ: 0xbc,
  œ: 0xbd,
  Ÿ: 0xbe,
};
const LATIN1_REPLACED = new Set(Object.values(LATIN9));

/** Typography Latin-9 lacks, written as its nearest plain sign. */
const PLAIN: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u202f': ' ',
  '\u2009': ' ',
};

/**
 * Text as ISO 8859-15 bytes: what Latin-9 holds as is, typographic signs as their plain twin, accented
 * letters of other alphabets without their accent, anything else « ? ».
 */
export function latin9(value: string): Buffer {
  const bytes: number[] = [];
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0x3f;
    const special = LATIN9[char];
    if (special !== undefined) bytes.push(special);
    else if (code < 0x100 && !LATIN1_REPLACED.has(code)) bytes.push(code);
    else {
      const plain = PLAIN[char] ?? char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      const fallback = plain !== char && [...plain].every((c) => (c.codePointAt(0) ?? 0x100) < 0x80);
      for (const c of fallback ? plain : '?') bytes.push(c.codePointAt(0) ?? 0x3f);
    }
  }
  return Buffer.from(bytes);
}

/** The whole file: the header, then every line, CRLF-ended. */
export function fecText(entries: FecEntry[]): Buffer {
  const lines = [FEC_COLUMNS as readonly string[], ...fecLines(entries)].map((fields) => fields.join('\t'));
  return latin9(`${lines.join('\r\n')}\r\n`);
}
