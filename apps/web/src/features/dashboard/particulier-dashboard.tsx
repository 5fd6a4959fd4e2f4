import { type ParticulierDashboard as Figures, formatEuros } from '@facturo/shared';
import { Link } from 'react-router';
import { DueInvoices } from './due-invoices';
import { FigureCard } from './figure-card';
import { lateCount } from './format';

/** A particulier's side: what the invoices addressed to them still ask for, and what they paid. */
export function ParticulierDashboard({ figures }: { figures: Figures }) {
  if (!figures.aDesFactures) {
    return (
      <section className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
        <h2 className="text-lg font-semibold text-slate-900">Aucune facture reçue pour le moment</h2>
        <p className="mt-2 text-sm text-slate-700">
          Les factures qui vous sont adressées sur Facturo apparaîtront ici avec ce qu’il reste à payer.
        </p>
        <Link to="/factures" className="mt-3 inline-block text-sm text-indigo-700 underline">
          Voir mes factures
        </Link>
      </section>
    );
  }
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <FigureCard label="À payer" value={formatEuros(figures.aPayer)} />
        <FigureCard
          label="En retard"
          value={formatEuros(figures.enRetard.montant)}
          detail={lateCount(figures.enRetard.nombre)}
          tone={figures.enRetard.nombre > 0 ? 'alert' : 'plain'}
        />
        <FigureCard label="Payé cette année" value={formatEuros(figures.payeAnnee)} />
      </dl>
      <DueInvoices invoices={figures.prochainesEcheances} titleId="due-invoices-title" />
    </div>
  );
}
