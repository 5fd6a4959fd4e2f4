import {
  formatEuros,
  type Invoice,
  type InvoiceLifecycle,
  type LifecycleEvent,
  PLATFORM_SENDING_MESSAGES,
  PLATFORM_SUBMISSION_LABELS,
} from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { LoadError } from '../../../components/ui/load-error';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { TextLink } from '../../../components/ui/text-link';
import { useReadOnlyArchive } from '../../account-archive/archive-access';
import { CreditNoteButton } from '../credit-note/credit-note-button';
import { formatDateFr } from '../dates';
import { canIssueCreditNote, duplicatePath } from '../document-kind';
import { invoiceLifecycleQueryOptions } from './lifecycle-api';

const ACTOR_LABELS: Record<LifecycleEvent['acteur'], string> = {
  plateforme: 'Plateforme',
  acheteur: 'Client',
  vendeur: 'Vous',
};

const dateTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

/**
 * « Facturation électronique » on the seller's invoice (issue 19): how its sending to the platform went and
 * the lifecycle statuses it received (XP Z12-012), oldest first; after a refusal (210) or a rejection (213)
 * the way out: a credit note, then a corrected invoice. Shown once the invoice went through the platform.
 */
export function LifecycleTimeline({ invoice }: { invoice: Invoice }) {
  const lifecycle = useQuery(invoiceLifecycleQueryOptions(invoice._id));
  const readOnly = useReadOnlyArchive();
  if (lifecycle.isPending) return <LoadingStatus>Chargement du cycle de vie...</LoadingStatus>;
  if (lifecycle.isError) {
    return <LoadError message="Le cycle de vie de la facture n’a pas pu être chargé." query={lifecycle} />;
  }
  const data = lifecycle.data;
  if (!data.envoi && data.evenements.length === 0) return null;
  return (
    <section
      aria-labelledby="cycle-de-vie-titre"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="cycle-de-vie-titre" className="text-base font-semibold text-slate-900">
        Facturation électronique
      </h2>
      {data.envoi && <Submission envoi={data.envoi} />}
      {data.avoirConseille && !readOnly && <CreditNoteAdvice invoice={invoice} />}
      {data.evenements.length > 0 && (
        <ol aria-label="Cycle de vie" className="space-y-2 border-l-2 border-slate-200 pl-4">
          {data.evenements.map((event) => (
            <li key={event._id} className="text-sm">
              <p className="font-medium text-slate-900">
                <span className="tabular-nums">{event.code}</span> {event.libelle}
                <span className="ml-2 font-normal text-slate-600">
                  {ACTOR_LABELS[event.acteur]} · {dateTime.format(new Date(event.date))}
                </span>
              </p>
              {event.motif && (
                <p className="text-slate-700">
                  Motif : {event.motif}
                  {event.motifCode && <span className="text-slate-500"> ({event.motifCode})</span>}
                </p>
              )}
              {event.montant !== null && (
                <p className="text-slate-700">
                  {formatEuros(event.montant)}
                  {event.datePaiement && <> le {formatDateFr(event.datePaiement)}</>}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Submission({ envoi }: { envoi: NonNullable<InvoiceLifecycle['envoi']> }) {
  return (
    <p className="text-sm text-slate-700">
      {PLATFORM_SUBMISSION_LABELS[envoi.etat]}
      {envoi.fluxId && <span className="text-slate-500"> · flux {envoi.fluxId}</span>}
      {envoi.erreur && envoi.etat !== 'deposee' && <span className="block text-red-700">{envoi.erreur}</span>}
    </p>
  );
}

function CreditNoteAdvice({ invoice }: { invoice: Invoice }) {
  return (
    <div
      role="note"
      className="flex flex-wrap items-center gap-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        {PLATFORM_SENDING_MESSAGES.creditNoteAdvice}{' '}
        <TextLink to={duplicatePath(invoice._id)}>Préparer la facture corrigée</TextLink>
      </p>
      {canIssueCreditNote(invoice) && <CreditNoteButton invoice={invoice} />}
    </div>
  );
}
