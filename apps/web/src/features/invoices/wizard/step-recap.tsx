import { formatEuros } from '@facturo/shared';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { formatDateFr } from '../dates';
import { DOCUMENT_WORDS, type WizardDocument } from './document-kind';
import { type InvoiceDraft, invoicedLines } from './draft';
import { draftTotals } from './draft-vat';
import { MentionsFields } from './mentions-fields';

interface StepRecapProps {
  form: UseFormReturn<InvoiceDraft>;
  dateEmission: string;
  dueDate: string;
  /** The user's mentions are still being read: the fields wait for them rather than show defaults. */
  mentionsLoading: boolean;
  chargesVat: boolean;
  /** The VAT sentence this sale prints ('' when VAT is charged). */
  vatMention: string;
  kind?: WizardDocument;
}

/** Step 4 (SPEC §2): what the invoice will say, then its legal mentions, editable for this invoice. */
export function StepRecap({
  form,
  dateEmission,
  dueDate,
  mentionsLoading,
  chargesVat,
  vatMention,
  kind = 'facture',
}: StepRecapProps) {
  const draft = form.watch();
  const lines = invoicedLines(draft.lignes);
  const totals = draftTotals(lines, chargesVat);
  const rows: Array<[string, ReactNode]> = [
    ['Document', kind === 'devis' ? 'Devis' : 'Facture'],
    ['Émetteur', `${draft.emetteur.prenom} ${draft.emetteur.nom}`],
    ['Client', draft.client ? `${draft.client.nom} (${draft.client.email})` : '—'],
    ["Date d'émission", formatDateFr(dateEmission)],
    ['Date de livraison / d’exécution', formatDateFr(draft.dateLivraison || dateEmission)],
    kind === 'devis'
      ? ['Valable jusqu’au', formatDateFr(draft.dateValidite)]
      : ["Date d'échéance", `${formatDateFr(dueDate)} (${draft.delaiPaiement} jours)`],
    ['Objet', draft.objet.trim() || 'Sans objet'],
    ['Lignes', `${lines.length} ligne${lines.length > 1 ? 's' : ''}`],
    ['Total HT', formatEuros(totals.htCents / 100)],
    ...(chargesVat
      ? ([
          ['TVA', formatEuros(totals.vatCents / 100)],
          ['Total TTC', formatEuros(totals.ttcCents / 100)],
        ] as Array<[string, ReactNode]>)
      : ([['Net à payer', formatEuros(totals.htCents / 100)]] as Array<[string, ReactNode]>)),
  ];

  return (
    <div className="space-y-6">
      <section
        aria-label={`Résumé ${DOCUMENT_WORDS[kind].of}`}
        className="rounded-xl border border-slate-200 bg-white p-4"
      >
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
        <MentionsFields form={form} vatMention={vatMention} kind={kind} />
      )}
    </div>
  );
}
