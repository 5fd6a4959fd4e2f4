import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { dashboardQueryOptions } from './api';
import { ParticulierDashboard } from './particulier-dashboard';
import { ProfessionalDashboard } from './professional-dashboard';

export const DASHBOARD_LOAD_ERROR = 'Erreur lors du chargement du tableau de bord';

/**
 * /tableau-de-bord (issue 17): a professional's figures and URSSAF helper, or what a particulier has to pay.
 * Signing in still lands on /factures (SPEC §4): this page is the sidebar's first entry.
 */
export function DashboardPage() {
  const dashboard = useQuery(dashboardQueryOptions());
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <title>Tableau de bord · Facturo</title>
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Tableau de bord</h1>
        <p className="mt-1 text-sm text-slate-600">
          {dashboard.data?.vue === 'particulier'
            ? 'Ce que vous devez et ce que vous avez payé.'
            : 'Ce qui est encaissé, ce qui est dû et ce qui est en retard.'}
        </p>
      </header>
      {dashboard.isPending ? (
        <LoadingStatus>Chargement du tableau de bord...</LoadingStatus>
      ) : dashboard.isError ? (
        <LoadError message={DASHBOARD_LOAD_ERROR} query={dashboard} />
      ) : dashboard.data.vue === 'professionnel' ? (
        <ProfessionalDashboard figures={dashboard.data} />
      ) : (
        <ParticulierDashboard figures={dashboard.data} />
      )}
    </div>
  );
}
