import { formatEuros, formatVatRate, invoiceTotals, UNITS } from '@facturo/shared';
import { cn } from '../../../components/ui/cn';
import { inputClasses } from '../../../components/ui/input';
import type { CreditLine } from './credit-lines';

const cellInput = cn(inputClasses, 'h-9 w-24 px-2 text-right tabular-nums');
const headerCell = 'px-1.5 py-2 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase';

interface CreditLinesTableProps {
  lines: readonly CreditLine[];
  withVat: boolean;
  onChange: (index: number, patch: Partial<CreditLine>) => void;
}

/**
 * A partial credit (issue 15): the invoice's lines, each ticked or not, with the quantity and unit
 * price to credit; the VAT rate is the invoice line's and only shown. Each input is named after its
 * line, so a screen reader says which line it changes.
 */
export function CreditLinesTable({ lines, withVat, onChange }: CreditLinesTableProps) {
  const lineCents = invoiceTotals(lines).lineCents;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[36rem] border-collapse text-sm">
        <caption className="sr-only">Lignes à créditer</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className={headerCell}>
              Ligne
            </th>
            <th scope="col" className={headerCell}>
              Quantité
            </th>
            <th scope="col" className={headerCell}>
              Prix unitaire HT
            </th>
            {withVat && (
              <th scope="col" className={headerCell}>
                TVA
              </th>
            )}
            <th scope="col" className={cn(headerCell, 'text-right')}>
              Total HT
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            // The invoice's lines never move: their place is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={index} className="border-b border-slate-200 align-middle">
              <td className="py-2 pr-2">
                <label className="flex items-start gap-2">
                  <input
                    type="checkbox"
                    checked={line.included}
                    onChange={(event) => onChange(index, { included: event.target.checked })}
                    className="mt-0.5 size-4 shrink-0 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                  />
                  <span className="break-words">{line.description}</span>
                </label>
              </td>
              <td className="px-1.5 py-2">
                <span className="flex items-center gap-1">
                  <input
                    aria-label={`Quantité — ${line.description}`}
                    inputMode="decimal"
                    value={line.quantite}
                    disabled={!line.included}
                    onChange={(event) => onChange(index, { quantite: event.target.value })}
                    className={cellInput}
                  />
                  <span className="text-xs text-slate-600">{UNITS[line.unite]?.label ?? line.unite}</span>
                </span>
              </td>
              <td className="px-1.5 py-2">
                <input
                  aria-label={`Prix unitaire HT — ${line.description}`}
                  inputMode="decimal"
                  value={line.prixUnitaire}
                  disabled={!line.included}
                  onChange={(event) => onChange(index, { prixUnitaire: event.target.value })}
                  className={cellInput}
                />
              </td>
              {withVat && <td className="px-1.5 py-2 tabular-nums">{formatVatRate(line.tauxTVA)}</td>}
              <td className="py-2 pl-1.5 text-right whitespace-nowrap tabular-nums">
                {line.included ? formatEuros((lineCents[index] ?? 0) / 100) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
