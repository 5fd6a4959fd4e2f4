import { expect } from 'vitest';
import { FEC_COLUMNS } from './fec-format.js';

/** What the FEC tests share: the file checked against every rule of its format, then read by name. */

export interface FecRow {
  JournalCode: string;
  JournalLib: string;
  EcritureNum: string;
  EcritureDate: string;
  CompteNum: string;
  CompteLib: string;
  CompAuxNum: string;
  CompAuxLib: string;
  PieceRef: string;
  PieceDate: string;
  EcritureLib: string;
  Debit: string;
  Credit: string;
  EcritureLet: string;
  DateLet: string;
  ValidDate: string;
  Montantdevise: string;
  Idevise: string;
}

export const cents = (amount: string) => {
  expect(amount).toMatch(/^\d+,\d{2}$/);
  return Number(amount.replace(',', ''));
};

function isRealDay(yyyymmdd: string): boolean {
  const iso = `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
  return /^\d{8}$/.test(yyyymmdd) && new Date(`${iso}T00:00:00Z`).toISOString().startsWith(iso);
}

/** Every rule of LPF art. A47 A-1 the file can be checked against, then its rows by name. */
export function checkFecRules(bytes: Buffer, year: number): FecRow[] {
  // ISO 8859-15: one byte per character (« é » is 0xE9, never UTF-8's 0xC3 0xA9), no byte-order mark.
  expect(bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false);
  const text = new TextDecoder('iso-8859-15').decode(bytes);
  expect(text.endsWith('\r\n')).toBe(true);
  const lines = text.slice(0, -2).split('\r\n');
  expect(lines.every((line) => !line.includes('\n') && !line.includes('\r'))).toBe(true);
  // The first line: the 18 field names, in their order, separated by tabs.
  expect(lines[0]).toBe(
    'JournalCode\tJournalLib\tEcritureNum\tEcritureDate\tCompteNum\tCompteLib\tCompAuxNum\tCompAuxLib\tPieceRef\tPieceDate\tEcritureLib\tDebit\tCredit\tEcritureLet\tDateLet\tValidDate\tMontantdevise\tIdevise',
  );
  expect(FEC_COLUMNS).toHaveLength(18);
  const rows = lines.slice(1).map((line) => {
    const fields = line.split('\t');
    expect(fields, line).toHaveLength(18);
    return Object.fromEntries(FEC_COLUMNS.map((name, i) => [name, fields[i] ?? ''])) as unknown as FecRow;
  });

  for (const row of rows) {
    for (const name of [
      'JournalCode',
      'JournalLib',
      'EcritureNum',
      'CompteNum',
      'CompteLib',
      'PieceRef',
      'EcritureLib',
    ] as const) {
      expect(row[name], name).not.toBe('');
    }
    // Dates AAAAMMJJ; the entry's in the year; validation never before the entry.
    for (const name of ['EcritureDate', 'PieceDate', 'ValidDate'] as const) {
      expect(isRealDay(row[name]), `${name} ${row[name]}`).toBe(true);
    }
    expect(row.EcritureDate.slice(0, 4)).toBe(String(year));
    expect(row.ValidDate >= row.EcritureDate).toBe(true);
    // The account's first three characters are digits of the French chart of accounts.
    expect(row.CompteNum).toMatch(/^\d{3}/);
    // Amounts: decimal comma, no thousands separator, one side of each line.
    const debit = cents(row.Debit);
    const credit = cents(row.Credit);
    expect(debit === 0 || credit === 0).toBe(true);
    // Auxiliary account and its label go together; lettering and currency unused.
    expect(row.CompAuxNum === '').toBe(row.CompAuxLib === '');
    expect([row.EcritureLet, row.DateLet, row.Montantdevise, row.Idevise]).toEqual(['', '', '', '']);
  }

  // Per journal: one label, entry numbers 1, 2, 3… without a gap, in the file's order, dates never going back.
  const journals = [...new Set(rows.map((r) => r.JournalCode))];
  for (const code of journals) {
    const own = rows.filter((r) => r.JournalCode === code);
    expect(new Set(own.map((r) => r.JournalLib)).size).toBe(1);
    const numbers = own.map((r) => Number(r.EcritureNum));
    expect(numbers.every((n, i) => i === 0 || n === numbers[i - 1] || n === (numbers[i - 1] ?? 0) + 1)).toBe(
      true,
    );
    expect(numbers[0]).toBe(1);
    const dates = own.map((r) => r.EcritureDate);
    expect([...dates].sort()).toEqual(dates);
  }

  // Each entry: one date and piece, and balanced to the cent.
  const entries = new Map<string, FecRow[]>();
  for (const row of rows) {
    const key = `${row.JournalCode}/${row.EcritureNum}`;
    entries.set(key, [...(entries.get(key) ?? []), row]);
  }
  for (const [key, lines] of entries) {
    expect(lines.length, key).toBeGreaterThanOrEqual(2);
    expect(
      new Set(lines.map((l) => `${l.EcritureDate} ${l.PieceRef} ${l.PieceDate} ${l.ValidDate}`)).size,
    ).toBe(1);
    const debits = lines.reduce((s, l) => s + cents(l.Debit), 0);
    const credits = lines.reduce((s, l) => s + cents(l.Credit), 0);
    expect(debits, key).toBe(credits);
  }
  return rows;
}

/** The lines of one entry (by piece) as [account, debit, credit] in cents. */
export function linesOf(rows: FecRow[], journal: string, piece: string) {
  return rows
    .filter((r) => r.JournalCode === journal && r.PieceRef === piece)
    .map((r) => [r.CompteNum, cents(r.Debit), cents(r.Credit)]);
}
