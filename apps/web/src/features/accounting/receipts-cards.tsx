import { formatEuros, type ReceiptsBook } from '@facturo/shared';
import { TextLink } from '../../components/ui/text-link';
import { frenchDate, receiptsCount, receiptsPeriodLabel } from './receipts-format';

/**
 * The book on a phone (below 768 px, where the table would scroll sideways and hide the amounts): one
 * card per receipt under its month, the month's total, then the period's.
 */
export function ReceiptsCards({ book }: { book: ReceiptsBook }) {
  return (
    <section aria-label={receiptsPeriodLabel(book.debut, book.fin)} className="space-y-4 md:hidden">
      {book.mois.map((month) => (
        <div key={month.mois} className="rounded-md border border-slate-200">
          <h3 className="border-b border-slate-200 bg-slate-50 px-3 py-2 text-sm font-semibold text-slate-900">
            {month.libelle}
          </h3>
          <ul className="divide-y divide-slate-100">
            {month.recettes.map((receipt) => (
              <li key={receipt.id} className="space-y-0.5 px-3 py-2 text-sm">
                <div className="flex items-baseline justify-between gap-3">
                  <span className="font-medium text-slate-900">{receipt.client}</span>
                  <span className="font-medium whitespace-nowrap tabular-nums">
                    {formatEuros(receipt.montant)}
                  </span>
                </div>
                <p className="text-slate-600">
                  {frenchDate(receipt.date)} · {receipt.methodeLibelle}
                  {receipt.reference && ` · ${receipt.reference}`}
                </p>
                <p className="text-slate-600">
                  {receipt.nature} ·{' '}
                  <TextLink to={`/factures/${receipt.factureId}`}>{receipt.facture}</TextLink>
                </p>
              </li>
            ))}
          </ul>
          <p className="flex justify-between gap-3 border-t border-slate-200 px-3 py-2 text-sm font-semibold text-slate-900">
            <span>Total {month.libelle.toLowerCase()}</span>
            <span className="whitespace-nowrap tabular-nums">{formatEuros(month.total)}</span>
          </p>
        </div>
      ))}
      <p className="flex justify-between gap-3 rounded-md bg-slate-50 px-3 py-2 text-sm font-semibold text-slate-900">
        <span>Total de la période ({receiptsCount(book.nombre)})</span>
        <span className="whitespace-nowrap tabular-nums">{formatEuros(book.total)}</span>
      </p>
    </section>
  );
}
