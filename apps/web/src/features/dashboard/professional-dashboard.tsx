import { type ProfessionalDashboard as Figures, formatEuros } from '@facturo/shared';
import { FilePlus2 } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button-styles';
import { DueInvoices } from './due-invoices';
import { FigureCard } from './figure-card';
import { lateCount, plural } from './format';
import { RevenueChart } from './revenue-chart';
import { TopClients } from './top-clients';
import { UrssafHelper } from './urssaf-helper';

/** A professional's figures: what came in, what is due and late, the year in bars, clients, due dates. */
export function ProfessionalDashboard({ figures }: { figures: Figures }) {
  if (!figures.aDesFactures) return <FirstDayEmptyState />;
  const { enRetard } = figures;
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <FigureCard label="Encaissé ce mois-ci" value={formatEuros(figures.encaisseMois)} />
        <FigureCard label="Encaissé cette année" value={formatEuros(figures.encaisseAnnee)} />
        <FigureCard
          label="En attente de paiement"
          value={formatEuros(figures.enAttente)}
          detail="Reste à payer des factures envoyées"
        />
        <FigureCard
          label="En retard"
          value={formatEuros(enRetard.montant)}
          detail={lateCount(enRetard.nombre)}
          tone={enRetard.nombre > 0 ? 'alert' : 'plain'}
        />
        <FigureCard
          label="Délai moyen de paiement"
          value={figures.delaiMoyenJours === null ? '—' : plural(figures.delaiMoyenJours, 'jour', 'jours')}
          detail="De l’émission au paiement complet"
        />
      </dl>
      <RevenueChart months={figures.mois} />
      <div className="grid gap-6 lg:grid-cols-2">
        <DueInvoices invoices={figures.prochainesEcheances} titleId="due-invoices-title" />
        <TopClients clients={figures.topClients} />
      </div>
      <UrssafHelper today={figures.aujourdhui} />
    </div>
  );
}

/** A new professional: nothing to add up yet, one clear way to start. */
function FirstDayEmptyState() {
  return (
    <section className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <h2 className="text-lg font-semibold text-slate-900">Bienvenue sur votre tableau de bord</h2>
      <p className="mx-auto mt-2 max-w-prose text-sm text-slate-700">
        Vos encaissements, vos factures en attente et vos retards s’afficheront ici dès votre première
        facture.
      </p>
      <Link to="/factures/create" className={buttonClasses('primary', 'md', 'mt-4 inline-flex gap-2')}>
        <FilePlus2 className="size-4" aria-hidden="true" />
        Nouvelle facture
      </Link>
    </section>
  );
}
