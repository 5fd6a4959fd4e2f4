import { formatEuros, invoiceTotals } from '@facturo/shared';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { formatDateFr } from '../dates';
import { type InvoiceDraft, invoicedLines } from './draft';
import { MentionsFields } from './mentions-fields';

interface StepRecapProps {
  form: UseFormReturn<InvoiceDraft>;
  dateEmission: string;
  dueDate: string;
  /** The user's mentions are still being read: the fields wait for them rather than show defaults. */
  mentionsLoading: boolean;
}

/** Step 4 (SPEC §2): what the invoice will say, then its legal mentions, editable for this invoice. */
export function StepRecap({ form, dateEmission, dueDate, mentionsLoading }: StepRecapProps) {
  const draft = form.watch();
  const lines = invoicedLines(draft.lignes);
  const totals = invoiceTotals(lines, 0);
  const rows: Array<[string, ReactNode]> = [
    ['Émetteur', `${draft.emetteur.prenom} ${draft.emetteur.nom}`],
    ['Client', draft.client ? `${draft.client.nom} (${draft.client.email})` : '—'],
    ["Date d'émission", formatDateFr(dateEmission)],
    ["Date d'échéance", `${formatDateFr(dueDate)} (${draft.delaiPaiement} jours)`],
    ['Objet', draft.objet.trim() || 'Sans objet'],
    ['Lignes', `${lines.length} ligne${lines.length > 1 ? 's' : ''}`],
    ['Total TTC', formatEuros(totals.ttcCents / 100)],
  ];

  return (
    <div className="space-y-6">
      <section aria-label="Résumé de la facture" className="rounded-xl border border-slate-200 bg-white p-4">
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-medium break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {mentionsLoading ? (
        <LoadingStatus>Chargement des mentions légales...</LoadingStatus>
      ) : (
        <MentionsFields form={form} />
      )}
    </div>
  );
}
