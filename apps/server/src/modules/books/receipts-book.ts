import { centsToEuros, monthLabel, PAYMENT_METHOD_LABELS, type ReceiptsBook } from '@facturo/shared';
import type { UserRow } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { frenchCsv, frenchDay, frenchDecimal } from '../../lib/french-csv.js';
import { type ReceiptRow, receiptRows } from './receipts-book.repo.js';

/** A period of the books: Paris calendar days, both included. */
export interface BookPeriod {
  debut: string;
  fin: string;
}

/** One month of the book: its receipts in order and their total, in cents. */
export interface BookMonth {
  /** YYYY-MM. */
  month: string;
  /** « Mars 2026 ». */
  label: string;
  rows: ReceiptRow[];
  totalCents: number;
}

/** The receipts book of a period, grouped by month (only months with receipts), in cents. */
export interface ReceiptsBookData {
  period: BookPeriod;
  months: BookMonth[];
  count: number;
  totalCents: number;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Rows already in chronological order (the repo's), cut into months. */
export function groupByMonth(period: BookPeriod, rows: ReceiptRow[]): ReceiptsBookData {
  const months: BookMonth[] = [];
  for (const row of rows) {
    const month = row.date.slice(0, 7);
    let current = months.at(-1);
    if (current?.month !== month) {
      current = { month, label: capitalised(monthLabel(month)), rows: [], totalCents: 0 };
      months.push(current);
    }
    current.rows.push(row);
    current.totalCents += row.amountCents;
  }
  return {
    period,
    months,
    count: rows.length,
    totalCents: months.reduce((sum, m) => sum + m.totalCents, 0),
  };
}

/** Issue 18: the issuer's receipts book of `period`: their confirmed payments, by month. */
export async function receiptsBookData(
  db: DbOrTx,
  issuerId: string,
  period: BookPeriod,
): Promise<ReceiptsBookData> {
  return groupByMonth(period, await receiptRows(db, issuerId, period));
}

/** GET /livre-recettes as JSON. */
export function presentReceiptsBook(book: ReceiptsBookData): ReceiptsBook {
  return {
    debut: book.period.debut,
    fin: book.period.fin,
    mois: book.months.map((m) => ({
      mois: m.month,
      libelle: m.label,
      total: centsToEuros(m.totalCents),
      recettes: m.rows.map((row) => ({
        id: row.paymentId,
        date: row.date,
        client: row.client,
        nature: row.nature,
        montant: centsToEuros(row.amountCents),
        methode: row.method,
        methodeLibelle: PAYMENT_METHOD_LABELS[row.method],
        factureId: row.invoiceId,
        facture: row.numero,
        reference: row.reference,
      })),
    })),
    nombre: book.count,
    total: centsToEuros(book.totalCents),
  };
}

export const RECEIPTS_BOOK_HEADER = [
  'Date',
  'Client',
  'Nature',
  'Montant',
  'Mode de paiement',
  'Facture',
  'Référence',
] as const;

/**
 * The book's rows as text, month by month, each month closed by its total row and the whole by the
 * period's: what the CSV and the PDF both print. `amount` writes the cents (CSV: « 1234,56 », PDF: euros).
 */
export function bookCells(month: BookMonth, amount: (cents: number) => string): string[][] {
  return month.rows.map((row) => [
    frenchDay(row.date),
    row.client,
    row.nature,
    amount(row.amountCents),
    PAYMENT_METHOD_LABELS[row.method],
    row.numero,
    row.reference,
  ]);
}

export const monthTotalRow = (month: BookMonth, amount: (cents: number) => string) => [
  '',
  `Total ${month.label.toLowerCase()}`,
  '',
  amount(month.totalCents),
  '',
  '',
  '',
];

/** The period's total row; the PDF, whose heading states the period, says it shorter. */
export const periodTotalRow = (
  book: ReceiptsBookData,
  amount: (cents: number) => string,
  label = `Total du ${frenchDay(book.period.debut)} au ${frenchDay(book.period.fin)}`,
) => ['', label, '', amount(book.totalCents), '', '', ''];

/** The CSV of a book already read: each month's receipts then its total row, and the period's total last. */
export function receiptsBookCsvOf(book: ReceiptsBookData): Buffer {
  const rows = book.months.flatMap((month) => [
    ...bookCells(month, frenchDecimal),
    monthTotalRow(month, frenchDecimal),
  ]);
  return frenchCsv(RECEIPTS_BOOK_HEADER, [...rows, periodTotalRow(book, frenchDecimal)]);
}

/**
 * Issue 18 (lane books): the receipts book's CSV of `period` (lib/french-csv.ts), the file the receipts
 * book's export serves and the yearly archive holds.
 */
export async function receiptsBookCsv(db: DbOrTx, user: UserRow, period: BookPeriod): Promise<Buffer> {
  return receiptsBookCsvOf(await receiptsBookData(db, user.id, period));
}
