import { formatEuros, invoiceTotals, isValidLine } from '@facturo/shared';
import { Plus, Trash2 } from 'lucide-react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { emptyLine, type InvoiceDraft, isIncompleteLine } from './draft';
import { LineTotals } from './line-totals';

const INCOMPLETE_LINE_TEXT =
  'Ligne incomplète : indiquez une description, une quantité supérieure à 0 et un prix unitaire.';

/**
 * Step 3 (SPEC §2): the lines, their totals and the invoice's, live. Quantities and prices accept a
 * comma ("0,5", "33,33"); the shared money rules compute every amount in exact cents.
 */
export function StepLines({ form }: { form: UseFormReturn<InvoiceDraft> }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'lignes' });
  const lines = form.watch('lignes');
  const totals = invoiceTotals(lines, 0);
  const someValid = lines.some(isValidLine);
  const someIncomplete = lines.some(isIncompleteLine);

  return (
    <div className="space-y-4">
      {someValid && someIncomplete && (
        <Alert variant="info">Les lignes incomplètes ne figureront pas sur la facture.</Alert>
      )}
      <ol className="space-y-3">
        {fields.map((field, index) => {
          const line = lines[index];
          const incomplete = line ? isIncompleteLine(line) : false;
          const number = index + 1;
          return (
            <li key={field.id}>
              <fieldset className="rounded-xl border border-slate-200 bg-white p-4">
                <legend className="px-1 text-sm font-semibold text-slate-900">Ligne {number}</legend>
                <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_6rem_8rem]">
                  <div className="col-span-2 sm:col-span-1">
                    <Field label="Description">
                      {(control) => <Input {...control} {...form.register(`lignes.${index}.description`)} />}
                    </Field>
                  </div>
                  <Field label="Quantité">
                    {(control) => (
                      <Input
                        {...control}
                        inputMode="decimal"
                        autoComplete="off"
                        className="text-right tabular-nums"
                        {...form.register(`lignes.${index}.quantite`)}
                      />
                    )}
                  </Field>
                  <Field label="Prix unitaire HT">
                    {(control) => (
                      <Input
                        {...control}
                        inputMode="decimal"
                        autoComplete="off"
                        className="text-right tabular-nums"
                        {...form.register(`lignes.${index}.prixUnitaire`)}
                      />
                    )}
                  </Field>
                </div>
                <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sm text-slate-700">
                    Total ligne :{' '}
                    <span className="font-semibold text-slate-900 tabular-nums">
                      {formatEuros((totals.lineCents[index] ?? 0) / 100)}
                    </span>
                  </p>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => remove(index)}
                    disabled={fields.length === 1}
                    aria-label={`Supprimer la ligne ${number}`}
                    className="text-red-700 hover:bg-red-50 hover:text-red-800"
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                    Supprimer
                  </Button>
                </div>
                {incomplete && <p className="mt-2 text-sm text-amber-800">{INCOMPLETE_LINE_TEXT}</p>}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <Button variant="secondary" onClick={() => append(emptyLine())}>
        <Plus className="size-4" aria-hidden="true" />
        Ajouter une ligne
      </Button>
      <LineTotals htCents={totals.htCents} vatCents={totals.vatCents} ttcCents={totals.ttcCents} />
    </div>
  );
}
