import {
  LINE_VAT_EXEMPTIONS,
  type LineExemptionFault,
  OUT_OF_SCOPE_MIXED_MESSAGE,
  vatExemption,
} from '@facturo/shared';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { cn } from '../../../components/ui/cn';
import { inputClasses } from '../../../components/ui/input';
import type { InvoiceDraft } from './draft';

/** What the field says of each fault of the shared rule, beside it (the server's 400 names the line instead). */
export const EXEMPTION_FIELD_MESSAGES: Record<LineExemptionFault, string> = {
  required: 'Choisissez le motif d’exonération : la France n’a pas de taux de TVA à 0 %.',
  unknown: 'Motif d’exonération inconnu : choisissez-en un dans la liste.',
  withRate: 'Un motif d’exonération ne s’applique qu’à une ligne à 0 % de TVA.',
  outOfScopeMixed: OUT_OF_SCOPE_MIXED_MESSAGE,
};

interface ExemptionRowProps {
  form: UseFormReturn<InvoiceDraft>;
  index: number;
  /** The line's cells, so that the row spans them all under the line. */
  columns: number;
  /** The shared rule's fault on this line, shown once the user tried to go on (null: none to show). */
  fault: LineExemptionFault | null;
}

/**
 * Under a 0 % line of a sale charging VAT: France has no zero rate, so the line says which exemption
 * applies. The select is required; its fault is outlined and said under it, else the chosen reason's
 * French mention, as the invoice will print it (the select may be too narrow to show it whole on a phone).
 */
export function ExemptionRow({ form, index, columns, fault }: ExemptionRowProps) {
  const noteId = useId();
  const number = index + 1;
  const chosen = vatExemption(form.watch(`lignes.${index}.motifExoneration`));
  const mention = chosen?.perLine ? chosen.mention : null;
  return (
    <tr className="max-sm:mt-3 max-sm:block">
      <td colSpan={columns} className="px-1.5 pb-2 max-sm:block max-sm:p-0">
        <div className="sm:flex sm:items-center sm:gap-3">
          <span className="mb-1 block text-xs font-medium text-slate-700 sm:mb-0" aria-hidden="true">
            Motif d’exonération
          </span>
          <select
            aria-label={`Motif d’exonération ligne ${number}`}
            aria-required="true"
            aria-invalid={fault ? true : undefined}
            aria-describedby={fault || mention ? noteId : undefined}
            className={cn(inputClasses, 'h-9 px-2 sm:max-w-xl')}
            {...form.register(`lignes.${index}.motifExoneration`)}
          >
            <option value="">Choisissez le motif…</option>
            {LINE_VAT_EXEMPTIONS.map((exemption) => (
              <option key={exemption.code} value={exemption.code} title={exemption.source}>
                {exemption.mention}
              </option>
            ))}
          </select>
        </div>
        {fault ? (
          <p id={noteId} className="mt-1 text-sm text-red-700">
            {EXEMPTION_FIELD_MESSAGES[fault]}
          </p>
        ) : (
          mention && (
            <p id={noteId} className="mt-1 text-xs text-slate-600">
              Mention imprimée : « {mention} »
            </p>
          )
        )}
      </td>
    </tr>
  );
}
