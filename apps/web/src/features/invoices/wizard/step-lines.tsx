import {
  formatEuros,
  formatVatRate,
  isValidLine,
  LINE_VAT_EXEMPTIONS,
  UNIT_KEYS,
  UNITS,
  VAT_RATES,
  type VatRegime,
} from '@facturo/shared';
import { Plus, Trash2 } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { inputClasses } from '../../../components/ui/input';
import { emptyLine, type InvoiceDraft, isIncompleteLine } from './draft';
import { draftTotals } from './draft-vat';
import { LineTotals } from './line-totals';

const cellInput = cn(inputClasses, 'h-9 px-2');
const headerCell = 'px-1.5 py-2 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase';

interface StepLinesProps {
  form: UseFormReturn<InvoiceDraft>;
  regime: VatRegime;
  /** Whether this sale charges VAT (vatTreatment): the rate column and VAT totals show only then. */
  chargesVat: boolean;
}

/**
 * Step 3 (SPEC §2, issue 12): the lines as a compact table typed at the keyboard — Tab goes cell to
 * cell, Enter adds a line and puts the cursor in its description — with the totals per rate always in
 * view. Quantities and prices accept a comma; the shared money rules compute every amount in cents.
 */
export function StepLines({ form, regime, chargesVat }: StepLinesProps) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'lignes' });
  const lines = form.watch('lignes');
  const totals = draftTotals(lines, chargesVat);
  const someValid = lines.some(isValidLine);
  const incomplete = lines.flatMap((line, index) => (isIncompleteLine(line) ? [index + 1] : []));

  function addLine() {
    append(emptyLine(regime), { focusName: `lignes.${fields.length}.description` });
  }

  /** Enter in any cell of a line adds the next line (there is no form to submit here). */
  function onLineKeyDown(event: KeyboardEvent<HTMLTableRowElement>) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (event.target instanceof HTMLButtonElement) return;
    event.preventDefault();
    addLine();
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Tab passe d’une case à l’autre ; Entrée ajoute une ligne. Les quantités et prix acceptent la virgule.
      </p>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[44rem] border-collapse text-sm">
          <caption className="sr-only">Lignes de la facture</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className={cn(headerCell, 'w-auto')}>
                Description
              </th>
              <th scope="col" className={cn(headerCell, 'w-20')}>
                Quantité
              </th>
              <th scope="col" className={cn(headerCell, 'w-28')}>
                Unité
              </th>
              <th scope="col" className={cn(headerCell, 'w-28')}>
                Prix unitaire HT
              </th>
              {chargesVat && (
                <th scope="col" className={cn(headerCell, 'w-24')}>
                  TVA
                </th>
              )}
              <th scope="col" className={cn(headerCell, 'w-28 text-right')}>
                Total HT
              </th>
              <th scope="col" className="w-10">
                <span className="sr-only">Supprimer</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field, index) => {
              const number = index + 1;
              const line = lines[index];
              const invalid = line ? isIncompleteLine(line) : false;
              return (
                <tr
                  key={field.id}
                  onKeyDown={onLineKeyDown}
                  className="border-b border-slate-200 align-middle"
                >
                  <td className="px-1.5 py-1.5">
                    <input
                      aria-label={`Description ligne ${number}`}
                      aria-invalid={invalid || undefined}
                      className={cellInput}
                      {...form.register(`lignes.${index}.description`)}
                    />
                  </td>
                  <td className="px-1.5 py-1.5">
                    <input
                      aria-label={`Quantité ligne ${number}`}
                      inputMode="decimal"
                      autoComplete="off"
                      className={cn(cellInput, 'text-right tabular-nums')}
                      {...form.register(`lignes.${index}.quantite`)}
                    />
                  </td>
                  <td className="px-1.5 py-1.5">
                    <select
                      aria-label={`Unité ligne ${number}`}
                      className={cellInput}
                      {...form.register(`lignes.${index}.unite`)}
                    >
                      {UNIT_KEYS.map((unit) => (
                        <option key={unit} value={unit}>
                          {UNITS[unit].label}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="px-1.5 py-1.5">
                    <input
                      aria-label={`Prix unitaire HT ligne ${number}`}
                      inputMode="decimal"
                      autoComplete="off"
                      className={cn(cellInput, 'text-right tabular-nums')}
                      {...form.register(`lignes.${index}.prixUnitaire`)}
                    />
                  </td>
                  {chargesVat && (
                    <td className="px-1.5 py-1.5">
                      <select
                        aria-label={`Taux de TVA ligne ${number}`}
                        className={cellInput}
                        {...form.register(`lignes.${index}.tauxTVA`)}
                      >
                        {VAT_RATES.map((rate) => (
                          <option key={rate} value={String(rate)}>
                            {formatVatRate(rate)}
                          </option>
                        ))}
                      </select>
                      {line?.tauxTVA === '0' && (
                        // France has no zero rate: a 0 % line says which exemption applies.
                        <select
                          aria-label={`Motif d’exonération ligne ${number}`}
                          className={cn(cellInput, 'mt-1')}
                          {...form.register(`lignes.${index}.motifExoneration`)}
                        >
                          <option value="">Motif d’exonération…</option>
                          {LINE_VAT_EXEMPTIONS.map((exemption) => (
                            <option key={exemption.code} value={exemption.code} title={exemption.source}>
                              {exemption.mention}
                            </option>
                          ))}
                        </select>
                      )}
                    </td>
                  )}
                  <td className="px-1.5 py-1.5 text-right whitespace-nowrap text-slate-900 tabular-nums">
                    {formatEuros((totals.lineCents[index] ?? 0) / 100)}
                  </td>
                  <td className="py-1.5 pl-1">
                    <button
                      type="button"
                      onClick={() => remove(index)}
                      disabled={fields.length === 1}
                      aria-label={`Supprimer la ligne ${number}`}
                      title={`Supprimer la ligne ${number}`}
                      className="flex size-9 items-center justify-center rounded-lg text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:text-slate-400 disabled:hover:bg-transparent"
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {incomplete.length > 0 && (
        <Alert variant="info">
          {incomplete.length === 1
            ? `Ligne ${incomplete[0]} incomplète`
            : `Lignes ${incomplete.join(', ')} incomplètes`}{' '}
          : indiquez une description, une quantité supérieure à 0 et un prix unitaire.
          {someValid && ' Les lignes incomplètes ne figureront pas sur la facture.'}
        </Alert>
      )}
      <Button variant="secondary" onClick={addLine}>
        <Plus className="size-4" aria-hidden="true" />
        Ajouter une ligne
      </Button>
      {/* Always in view while typing: pinned to the bottom of the scrolling step. */}
      <div className="sticky bottom-0 z-10 -mx-1 bg-white/95 px-1 pt-2 pb-1">
        <LineTotals {...totals} chargesVat={chargesVat} />
      </div>
    </div>
  );
}
