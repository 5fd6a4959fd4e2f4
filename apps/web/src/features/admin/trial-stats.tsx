import {
  daysLeftNeedsWarning,
  daysLeftTone,
  EXPIRING_SOON_DAYS,
  type TrialStats as TrialStatsData,
} from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { trialStatsQueryOptions } from './api';
import { DAYS_LEFT_BADGE, formatCount, formatDays, formatPercent } from './format';
import { StatCard, StatSection } from './stat-card';

/** SPEC §9: trials ending within 3 days, coloured by days left, with a warning at 3 or fewer. */
function ExpiringSoon({ trials }: { trials: TrialStatsData['expirentBientot'] }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 className="text-base font-semibold text-slate-900">
        Essais qui se terminent dans {EXPIRING_SOON_DAYS} jours ou moins
      </h3>
      {trials.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Aucun essai ne se termine bientôt.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {trials.map((trial) => (
            <li key={trial._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900">{trial.nom || trial.email}</p>
                <p className="truncate text-sm text-slate-600">{trial.email}</p>
              </div>
              <Badge tone={DAYS_LEFT_BADGE[daysLeftTone(trial.joursRestants)]}>
                {daysLeftNeedsWarning(trial.joursRestants) && (
                  <AlertTriangle className="size-3.5" aria-hidden="true" />
                )}
                {formatDays(trial.joursRestants)} restant{trial.joursRestants < 2 ? '' : 's'}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function TrialStats() {
  const trials = useQuery(trialStatsQueryOptions());
  return (
    <StatSection id="stats-essais" title="Essais">
      {trials.isPending && <LoadingStatus>Chargement des essais…</LoadingStatus>}
      {trials.isError && <LoadError message="Erreur lors du chargement des essais." query={trials} />}
      {trials.data && (
        <>
          <ul className="grid grid-cols-2 gap-3 lg:grid-cols-5">
            <StatCard label="Essais au total" value={formatCount(trials.data.totalEssais)} />
            <StatCard label="Essais en cours" value={formatCount(trials.data.essaisActifs)} />
            <StatCard label="Essais terminés" value={formatCount(trials.data.essaisExpires)} />
            <StatCard label="Se terminent aujourd'hui" value={formatCount(trials.data.expiresAujourdhui)} />
            <StatCard label="Taux de conversion" value={formatPercent(trials.data.tauxConversion)} />
          </ul>
          <ExpiringSoon trials={trials.data.expirentBientot} />
        </>
      )}
    </StatSection>
  );
}
