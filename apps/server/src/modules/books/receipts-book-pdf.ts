import { formatEuros } from '@facturo/shared';
import type { UserRow } from '../../db/schema.js';
import { frenchDay } from '../../lib/french-csv.js';
import {
  bookCells,
  monthTotalRow,
  periodTotalRow,
  RECEIPTS_BOOK_HEADER,
  type ReceiptsBookData,
} from './receipts-book.js';
import type { RegisterSpec } from './register-pdf.js';

/** « 1 234,56 € » with a no-break space the PDF's font has (Intl writes a narrow one, U+202F). */
const euros = (cents: number) => formatEuros(cents / 100).replaceAll('\u202f', '\u00a0');

/** Shares of the page's width, in the order of RECEIPTS_BOOK_HEADER. */
const WIDTHS = [0.11, 0.2, 0.2, 0.12, 0.11, 0.14, 0.12] as const;

/** The owner's identity as the register's heading prints it. */
export function ownerLines(user: UserRow): string[] {
  const name = [user.prenom, user.nom].filter(Boolean).join(' ');
  const address = [user.adresse, [user.codePostal, user.ville].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [user.siret ? `${name} — SIRET ${user.siret}` : name, address].filter(Boolean);
}

/** The printable receipts book (register-pdf.ts draws it on a PDF worker): one table per month. */
export function receiptsBookPdfSpec(user: UserRow, book: ReceiptsBookData): RegisterSpec {
  return {
    title: 'Livre des recettes',
    subtitle: [
      ...ownerLines(user),
      `Période du ${frenchDay(book.period.debut)} au ${frenchDay(book.period.fin)} — recettes encaissées (paiements confirmés), dans l’ordre chronologique.`,
    ],
    columns: RECEIPTS_BOOK_HEADER.map((label, i) => ({
      label,
      width: WIDTHS[i] ?? 0,
      ...(label === 'Montant' ? { align: 'right' as const } : {}),
    })),
    groups: book.months.map((month) => ({
      heading: month.label,
      rows: bookCells(month, euros),
      total: monthTotalRow(month, euros),
    })),
    ...(book.months.length > 0 ? { grandTotal: periodTotalRow(book, euros, 'Total de la période') } : {}),
    emptyText: 'Aucune recette encaissée sur la période.',
  };
}
