import { formatEuros, formatVatRate, UNITS } from '@facturo/shared';
import type { InvoiceDocumentData } from './document-data';
import { LINE_CARDS } from './line-cards';

const quantityFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 3 });
const head = 'px-1.5 py-2 font-semibold sm:px-3';
const cell = 'px-1.5 py-2 sm:px-3';

/** The lines: description, quantity and unit, unit price HT, the rate when VAT is charged, total HT. */
export function DocumentLines({ invoice, accent }: { invoice: InvoiceDocumentData; accent: string }) {
  const withVat = invoice.categorieTVA === 'S';
  return (
    // Fits a phone without scrolling sideways: smaller type, headers that wrap; cards below 480 px.
    <table className={`w-full border-collapse text-left text-xs sm:text-sm ${LINE_CARDS.table}`}>
      <caption className="sr-only">Lignes de la facture</caption>
      <thead className={LINE_CARDS.head}>
        <tr
          className="border-b-2 text-xs tracking-wide text-slate-700 uppercase"
          style={{ borderColor: accent }}
        >
          <th scope="col" className="py-2 pr-1.5 font-semibold sm:pr-3">
            Description
          </th>
          <th scope="col" className={`${head} text-right`}>
            Quantité
          </th>
          <th scope="col" className={head}>
            Unité
          </th>
          <th scope="col" className={`${head} text-right`}>
            Prix unitaire HT
          </th>
          {withVat && (
            <th scope="col" className={`${head} text-right`}>
              TVA
            </th>
          )}
          <th scope="col" className="py-2 pl-1.5 text-right font-semibold sm:pl-3">
            Total HT
          </th>
        </tr>
      </thead>
      <tbody className={LINE_CARDS.body}>
        {invoice.lignes.map((line, index) => (
          // Lines have no id of their own and never move: their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <tr key={index} className={`border-b border-slate-200 align-top ${LINE_CARDS.row}`}>
            <td className={`py-2 pr-1.5 break-words whitespace-pre-line sm:pr-3 ${LINE_CARDS.description}`}>
              {line.description}
            </td>
            <td data-label="Quantité" className={`${cell} text-right tabular-nums ${LINE_CARDS.figure}`}>
              {quantityFormat.format(line.quantite)}
            </td>
            <td data-label="Unité" className={`${cell} ${LINE_CARDS.figure}`}>
              {UNITS[line.unite]?.label ?? line.unite}
            </td>
            <td
              data-label="Prix unitaire HT"
              className={`${cell} text-right whitespace-nowrap tabular-nums ${LINE_CARDS.figure}`}
            >
              {formatEuros(line.prixUnitaire)}
            </td>
            {withVat && (
              <td
                data-label="TVA"
                className={`${cell} text-right whitespace-nowrap tabular-nums ${LINE_CARDS.figure}`}
              >
                {formatVatRate(line.tauxTVA)}
              </td>
            )}
            <td
              data-label="Total HT"
              className={`py-2 pl-1.5 text-right font-medium whitespace-nowrap tabular-nums sm:pl-3 ${LINE_CARDS.figure}`}
            >
              {formatEuros(line.montant)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
