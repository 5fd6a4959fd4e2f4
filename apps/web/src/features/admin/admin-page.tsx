import { GlobalActions } from './global-actions';
import { GlobalStats } from './global-stats';
import { MetricsPanel } from './metrics-panel';
import { SiretDuplicatesSection } from './siret-duplicates-section';
import { TrialStats } from './trial-stats';
import { UnmatchedStatusesSection } from './unmatched-statuses-section';
import { UsageOverview } from './usage-overview';
import { UsersSection } from './users-section';

/** /admin (SPEC §2, issue 13): admins only, the route guard sends everyone else to /factures. */
export function AdminPage() {
  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <title>Administration · Facturo</title>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Administration</h1>
          <p className="mt-1 text-sm text-slate-600">Comptes, essais, plans et santé du service.</p>
        </div>
        <GlobalActions />
      </header>
      <GlobalStats />
      <TrialStats />
      <UsageOverview />
      <MetricsPanel />
      <UsersSection />
      <UnmatchedStatusesSection />
      <SiretDuplicatesSection />
    </div>
  );
}
