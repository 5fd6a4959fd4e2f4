import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { adminStatsQueryOptions, usageStatsQueryOptions } from './api';
import { formatCount, formatPercent } from './format';
import { StatCard, StatSection } from './stat-card';

/** SPEC §3 admin stats, with the accounts per plan and the closed ones from /admin/usage-stats. */
export function GlobalStats() {
  const stats = useQuery(adminStatsQueryOptions());
  const usage = useQuery(usageStatsQueryOptions());

  return (
    <StatSection id="stats-globales" title="Statistiques globales">
      {stats.isPending && <LoadingStatus>Chargement des statistiques…</LoadingStatus>}
      {stats.isError && <LoadError message="Erreur lors du chargement des statistiques." query={stats} />}
      {stats.data && (
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <StatCard label="Inscriptions" value={formatCount(stats.data.totalRegistrations)} />
          <StatCard label="Factures" value={formatCount(stats.data.totalFactures)} />
          <StatCard label="Clients" value={formatCount(stats.data.totalClients)} />
          <StatCard label="Connexions" value={formatCount(stats.data.totalLogins)} />
        </ul>
      )}
      {usage.data && (
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <StatCard
            label="Abonnés payants"
            value={formatCount(
              (usage.data.utilisateursParPlan.premium ?? 0) + (usage.data.utilisateursParPlan.business ?? 0),
            )}
            hint={`Premium ${formatCount(usage.data.utilisateursParPlan.premium ?? 0)} · Business ${formatCount(usage.data.utilisateursParPlan.business ?? 0)}`}
          />
          <StatCard label="Plan gratuit" value={formatCount(usage.data.utilisateursParPlan.gratuit ?? 0)} />
          <StatCard
            label="Conversions essai → payant"
            value={formatPercent(usage.data.conversions.taux)}
            hint={`${formatCount(usage.data.conversions.convertis)} sur ${formatCount(usage.data.conversions.essaisTermines)} essais terminés`}
          />
          <StatCard
            label="Comptes bannis / fermés"
            value={`${formatCount(usage.data.bannis)} / ${formatCount(usage.data.comptesFermes)}`}
          />
        </ul>
      )}
    </StatSection>
  );
}
