import {
  formatEuros,
  formatVatRate,
  isValidLine,
  UNIT_KEYS,
  UNITS,
  VAT_RATES,
  type VatRegime,
} from '@facturo/shared';
import { Plus, Trash2 } from 'lucide-react';
import type { FormEvent, KeyboardEvent } from 'react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { inputClasses } from '../../../components/ui/input';
import { emptyLine, type InvoiceDraft, isIncompleteLine, lineFaults } from './draft';
import { draftExemptionFaults } from './draft-input';
import { draftTotals } from './draft-vat';
import { ExemptionRow } from './exemption-row';
import { LineTotals } from './line-totals';

const cellInput = cn(inputClasses, 'h-9 px-2');
/** Grows with its text (field-sizing where the browser has it, else growToContent), from one line up. */
const descriptionInput = cn(
  inputClasses,
  'h-auto min-h-9 max-h-60 resize-none overflow-y-auto px-2 py-1.5 leading-snug [field-sizing:content]',
);
const headerCell = 'px-1.5 py-2 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase';
/** On a phone (below 640 px) the table's rows are cards: the cells stack, each under a visible name. */
const cardCell = 'px-1.5 py-1.5 max-sm:block max-sm:p-0';
const cardLabel = 'mb-1 block text-xs font-medium text-slate-700 sm:hidden';

/** For a browser without field-sizing: the textarea takes its content's height. */
function growToContent(event: FormEvent<HTMLTextAreaElement>) {
  if (typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content')) return;
  const field = event.currentTarget;
  field.style.height = 'auto';
  field.style.height = `${field.scrollHeight + 2}px`;
}

interface StepLinesProps {
  form: UseFormReturn<InvoiceDraft>;
  regime: VatRegime;
  /** Whether this sale charges VAT (vatTreatment): the rate column and VAT totals show only then. */
  chargesVat: boolean;
  /** Whether the user tried to go on: the 0 % lines without their exemption are then outlined. */
  showExemptionFaults: boolean;
}

/**
 * Step 3 (SPEC §2, issue 12): the lines as a compact table typed at the keyboard — Tab goes cell to
 * cell, Enter adds a line right after the current one and puts the cursor in its description (in a
 * description, Shift+Enter starts a new line of text) — with the totals per rate always in view. On a
 * phone the rows become cards. A started line that cannot go on the invoice outlines the cells at fault;
 * a 0 % line has its exemption asked under it (one row group per line keeps both in one card).
 * Quantities and prices accept a comma; the shared money rules compute every amount in cents.
 */
export function StepLines({ form, regime, chargesVat, showExemptionFaults }: StepLinesProps) {
  const { fields, append, insert, remove } = useFieldArray({ control: form.control, name: 'lignes' });
  const lines = form.watch('lignes');
  const totals = draftTotals(lines, chargesVat);
  const someValid = lines.some(isValidLine);
  const incomplete = lines.flatMap((line, index) => (isIncompleteLine(line) ? [index + 1] : []));
  const exemptionFaults = draftExemptionFaults(lines, { chargesVat });
  const columns = chargesVat ? 7 : 6;

  function addLine() {
    append(emptyLine(regime), { focusName: `lignes.${fields.length}.description` });
  }

  /**
   * Enter in any cell of a line adds a line right after it (there is no form to submit here), where the
   * reader is; Shift+Enter in a description is a new line of its text.
   */
  function onLineKeyDown(event: KeyboardEvent<HTMLTableSectionElement>, index: number) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (event.target instanceof HTMLButtonElement) return;
    if (event.shiftKey && event.target instanceof HTMLTextAreaElement) return;
    event.preventDefault();
    insert(index + 1, emptyLine(regime), { focusName: `lignes.${index + 1}.description` });
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Tab passe d’une case à l’autre ; Entrée ajoute une ligne juste après ; Maj+Entrée va à la ligne dans
        une description. Les quantités et prix acceptent la virgule.
      </p>
      <div className="sm:overflow-x-auto">
        <table className="w-full border-collapse text-sm max-sm:block max-sm:space-y-3 sm:min-w-[44rem]">
          <caption className="sr-only">Lignes de la facture</caption>
          <thead className="max-sm:hidden">
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
          {fields.map((field, index) => {
            const number = index + 1;
            const line = lines[index];
            const faults = line
              ? lineFaults(line)
              : { description: false, quantite: false, prixUnitaire: false };
            return (
              <tbody
                key={field.id}
                onKeyDown={(event) => onLineKeyDown(event, index)}
                className="border-b border-slate-200 max-sm:block max-sm:rounded-lg max-sm:border max-sm:p-3"
              >
                <tr className="align-top max-sm:grid max-sm:grid-cols-2 max-sm:gap-3">
                  <td className={cn(cardCell, 'max-sm:col-span-2')}>
                    <span className={cardLabel} aria-hidden="true">
                      Ligne {number} · Description
                    </span>
                    <textarea
                      aria-label={`Description ligne ${number}`}
                      aria-invalid={faults.description || undefined}
                      rows={1}
                      className={descriptionInput}
                      onInput={growToContent}
                      {...form.register(`lignes.${index}.description`)}
                    />
                  </td>
                  <td className={cardCell}>
                    <span className={cardLabel} aria-hidden="true">
                      Quantité
                    </span>
                    <input
                      aria-label={`Quantité ligne ${number}`}
                      aria-invalid={faults.quantite || undefined}
                      inputMode="decimal"
                      autoComplete="off"
                      className={cn(cellInput, 'text-right tabular-nums')}
                      {...form.register(`lignes.${index}.quantite`)}
                    />
                  </td>
                  <td className={cardCell}>
                    <span className={cardLabel} aria-hidden="true">
                      Unité
                    </span>
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
                  <td className={cardCell}>
                    <span className={cardLabel} aria-hidden="true">
                      Prix unitaire HT
                    </span>
                    <input
                      aria-label={`Prix unitaire HT ligne ${number}`}
                      aria-invalid={faults.prixUnitaire || undefined}
                      inputMode="decimal"
                      autoComplete="off"
                      className={cn(cellInput, 'text-right tabular-nums')}
                      {...form.register(`lignes.${index}.prixUnitaire`)}
                    />
                  </td>
                  {chargesVat && (
                    <td className={cardCell}>
                      <span className={cardLabel} aria-hidden="true">
                        TVA
                      </span>
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
                    </td>
                  )}
                  <td className="px-1.5 py-1.5 text-right whitespace-nowrap text-slate-900 tabular-nums max-sm:flex max-sm:items-center max-sm:justify-between max-sm:p-0">
                    <span className="text-xs font-medium text-slate-700 sm:hidden">Total HT</span>
                    {formatEuros((totals.lineCents[index] ?? 0) / 100)}
                  </td>
                  <td className="py-1.5 pl-1 max-sm:flex max-sm:items-center max-sm:justify-end max-sm:p-0">
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
                {chargesVat && line?.tauxTVA === '0' && (
                  <ExemptionRow
                    form={form}
                    index={index}
                    columns={columns}
                    fault={showExemptionFaults ? (exemptionFaults[index] ?? null) : null}
                  />
                )}
              </tbody>
            );
          })}
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
