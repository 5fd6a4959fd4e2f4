import { centsToEuros, formatEuros, formatSiretInput, PAYMENT_METHOD_LABELS } from '@facturo/shared';
import type { UserRow } from '../../db/schema.js';
import { frenchCsv, frenchDay, frenchDecimal } from '../../lib/french-csv.js';
import type { RegisterSpec } from '../books/register-pdf.js';
import type { PurchasePeriod } from './purchase-period.js';
import { byMonth, type CentsTotals, totalsOf } from './purchases.presenter.js';
import type { PurchaseEntry } from './purchases.repo.js';

/*
 * Issue 18: the purchases register as files. The CSV is data for a spreadsheet: one line per purchase
 * (with its month, for a pivot table), no total lines a column sum would count twice; the PDF is the
 * register to print or keep, grouped by month, each month closed by its totals HT / TVA / TTC, then the
 * period's.
 */

const CSV_HEADER = [
  'Date',
  'Mois',
  'Fournisseur',
  'Description',
  'Moyen de paiement',
  'Montant HT',
  'TVA',
  'Montant TTC',
  'Justificatif',
] as const;

export function purchasesCsv(entries: readonly PurchaseEntry[]): Buffer {
  return frenchCsv(
    CSV_HEADER,
    entries.map((entry) => [
      frenchDay(entry.datePurchase),
      entry.datePurchase.slice(0, 7),
      entry.supplier,
      entry.description,
      PAYMENT_METHOD_LABELS[entry.paymentMethod],
      frenchDecimal(entry.amountTtcCents - entry.vatCents),
      frenchDecimal(entry.vatCents),
      frenchDecimal(entry.amountTtcCents),
      entry.receiptName ?? '',
    ]),
  );
}

/** « 1 234,56 € » with spaces every PDF font draws (the narrow no-break space is not in all of them). */
const pdfEuros = (cents: number) => formatEuros(centsToEuros(cents)).replace(/\u202f/g, '\u00a0');

let monthFormat: Intl.DateTimeFormat | undefined;

/** '2026-03' → « Mars 2026 ». */
export function monthHeading(month: string): string {
  monthFormat ??= new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const text = monthFormat.format(new Date(`${month}-01T00:00:00Z`));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const COLUMNS: RegisterSpec['columns'] = [
  { label: 'Date', width: 0.1 },
  { label: 'Fournisseur', width: 0.19 },
  { label: 'Description', width: 0.22 },
  { label: 'Paiement', width: 0.12 },
  { label: 'HT', width: 0.13, align: 'right' },
  { label: 'TVA', width: 0.11, align: 'right' },
  { label: 'TTC', width: 0.13, align: 'right' },
];

const totalRow = (label: string, totals: CentsTotals) => [
  label,
  '',
  '',
  '',
  pdfEuros(totals.htCents),
  pdfEuros(totals.vatCents),
  pdfEuros(totals.ttcCents),
];

/** The owner's identity as the register's heading prints it. */
function ownerLines(user: UserRow): string[] {
  const name = `${user.prenom} ${user.nom}`.trim();
  const address = [user.adresse, `${user.codePostal} ${user.ville}`.trim()].filter(Boolean).join(', ');
  return [
    [name, user.siret ? `SIRET ${formatSiretInput(user.siret)}` : ''].filter(Boolean).join(' — '),
    address,
  ].filter(Boolean);
}

export function purchasesRegisterSpec(
  user: UserRow,
  period: PurchasePeriod,
  entries: readonly PurchaseEntry[],
): RegisterSpec {
  return {
    title: 'Registre des achats',
    subtitle: [...ownerLines(user), `Période du ${frenchDay(period.debut)} au ${frenchDay(period.fin)}`],
    columns: COLUMNS,
    groups: byMonth(entries).map((group) => ({
      heading: monthHeading(group.month),
      rows: group.entries.map((entry) => [
        frenchDay(entry.datePurchase),
        entry.supplier,
        entry.description,
        PAYMENT_METHOD_LABELS[entry.paymentMethod],
        pdfEuros(entry.amountTtcCents - entry.vatCents),
        pdfEuros(entry.vatCents),
        pdfEuros(entry.amountTtcCents),
      ]),
      total: totalRow(`Total ${monthHeading(group.month).toLowerCase()}`, totalsOf(group.entries)),
    })),
    grandTotal: entries.length > 0 ? totalRow('Total de la période', totalsOf(entries)) : undefined,
    emptyText: 'Aucun achat enregistré sur la période.',
  };
}
