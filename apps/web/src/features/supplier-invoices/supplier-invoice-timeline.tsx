import { formatEuros, type LifecycleEvent, REFUSAL_REASONS } from '@facturo/shared';
import { formatDateFr } from '../invoices/dates';

const ACTORS = { plateforme: 'Plateforme', acheteur: 'Vous', vendeur: 'Fournisseur' } as const;

function reasonLabel(code: string): string {
  return (REFUSAL_REASONS as Record<string, string | undefined>)[code] ?? code;
}

/** The lifecycle statuses (XP Z12-012) of the invoice, oldest first. */
export function SupplierInvoiceTimeline({ events }: { events: LifecycleEvent[] }) {
  if (events.length === 0) {
    return <p className="text-sm text-slate-600">Aucun statut pour le moment : la facture est reçue.</p>;
  }
  return (
    <ol className="space-y-3 border-l-2 border-slate-200 pl-4">
      {events.map((event) => (
        <li key={event._id} className="text-sm">
          <p className="font-medium text-slate-900">
            {event.code} {event.libelle}
          </p>
          <p className="text-slate-600">
            {ACTORS[event.acteur]} ·{' '}
            {new Date(event.date).toLocaleString('fr-FR', { timeZone: 'Europe/Paris' })}
          </p>
          {event.motifCode && (
            <p className="text-slate-700">
              Motif : {reasonLabel(event.motifCode)}
              {event.motif ? ` — ${event.motif}` : ''}
            </p>
          )}
          {event.montant !== null && (
            <p className="text-slate-700">
              {formatEuros(event.montant)}
              {event.datePaiement ? ` le ${formatDateFr(event.datePaiement)}` : ''}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
