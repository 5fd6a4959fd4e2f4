import { formatEuros, type ReceiptsBook } from '@facturo/shared';
import { TextLink } from '../../components/ui/text-link';
import { frenchDate, receiptsCount, receiptsPeriodLabel } from './receipts-format';

/**
 * The book as a table: one body per month, its receipts in order and its total, the period's total in the
 * footer. From 768 px (receipts-cards.tsx below); narrower, it scrolls sideways in its own region.
 */
export function ReceiptsTable({ book }: { book: ReceiptsBook }) {
  return (
    <section
      className="hidden overflow-x-auto md:block rounded-md border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      aria-labelledby="receipts-table-caption"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must take the focus to scroll by keyboard (axe scrollable-region-focusable).
      tabIndex={0}
    >
      <table className="w-full min-w-[46rem] text-left text-sm">
        <caption id="receipts-table-caption" className="sr-only">
          {receiptsPeriodLabel(book.debut, book.fin)}
        </caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Date
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Client
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Nature
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Montant
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Mode
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Facture
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Référence
            </th>
          </tr>
        </thead>
        {book.mois.map((month) => (
          <tbody key={month.mois} className="border-t border-slate-200">
            <tr>
              <th
                scope="rowgroup"
                colSpan={7}
                className="bg-white px-3 pt-3 pb-1 text-sm font-semibold text-slate-900"
              >
                {month.libelle}
              </th>
            </tr>
            {month.recettes.map((receipt) => (
              <tr key={receipt.id} className="align-top">
                <td className="px-3 py-1.5 whitespace-nowrap tabular-nums">{frenchDate(receipt.date)}</td>
                <td className="px-3 py-1.5">{receipt.client}</td>
                <td className="px-3 py-1.5 text-slate-700">{receipt.nature}</td>
                <td className="px-3 py-1.5 text-right whitespace-nowrap tabular-nums">
                  {formatEuros(receipt.montant)}
                </td>
                <td className="px-3 py-1.5 whitespace-nowrap">{receipt.methodeLibelle}</td>
                <td className="px-3 py-1.5 whitespace-nowrap">
                  <TextLink to={`/factures/${receipt.factureId}`}>{receipt.facture}</TextLink>
                </td>
                <td className="px-3 py-1.5 text-slate-700">{receipt.reference}</td>
              </tr>
            ))}
            <tr className="font-semibold text-slate-900">
              <th scope="row" colSpan={3} className="px-3 py-1.5 text-right">
                Total {month.libelle.toLowerCase()}
              </th>
              <td className="px-3 py-1.5 text-right whitespace-nowrap tabular-nums">
                {formatEuros(month.total)}
              </td>
              <td colSpan={3} />
            </tr>
          </tbody>
        ))}
        <tfoot className="border-t-2 border-slate-300 bg-slate-50 font-semibold text-slate-900">
          <tr>
            <th scope="row" colSpan={3} className="px-3 py-2 text-right">
              Total de la période ({receiptsCount(book.nombre)})
            </th>
            <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatEuros(book.total)}</td>
            <td colSpan={3} />
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
