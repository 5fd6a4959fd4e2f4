import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { ActivityChart } from './activity-chart';
import { usageOverviewQueryOptions } from './api';
import { formatDay, formatMonth } from './format';
import { StatSection } from './stat-card';

const SERIES = [
  { key: 'inscriptions', label: 'Inscriptions', colour: 'fill-slate-500' },
  { key: 'factures', label: 'Factures', colour: 'fill-indigo-600' },
  { key: 'clients', label: 'Clients', colour: 'fill-emerald-600' },
  { key: 'emails', label: 'E-mails', colour: 'fill-amber-500' },
] as const;

type Span = 'jours' | 'mois';

/** The whole service's activity (GET /admin/usage-overview): the last 30 days or the last 12 months. */
export function UsageOverview() {
  const overview = useQuery(usageOverviewQueryOptions());
  const [span, setSpan] = useState<Span>('jours');
  const toggle = (value: Span, label: string) => (
    <button
      type="button"
      aria-pressed={span === value}
      onClick={() => setSpan(value)}
      className="h-8 rounded-md px-3 text-sm font-medium text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600 aria-pressed:bg-white aria-pressed:text-slate-900 aria-pressed:shadow-sm"
    >
      {label}
    </button>
  );
  return (
    <StatSection
      id="activite"
      title="Activité"
      aside={
        <fieldset className="inline-flex rounded-lg bg-slate-100 p-1">
          <legend className="sr-only">Période affichée</legend>
          {toggle('jours', '30 jours')}
          {toggle('mois', '12 mois')}
        </fieldset>
      }
    >
      {overview.isPending && <LoadingStatus>Chargement de l'activité…</LoadingStatus>}
      {overview.isError && <LoadError message="Erreur lors du chargement de l'activité." query={overview} />}
      {overview.data && (
        <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          {span === 'jours' ? (
            <ActivityChart
              points={overview.data.parJour}
              series={SERIES}
              formatPeriod={formatDay}
              caption="Activité par jour, 30 derniers jours"
              labelEvery={5}
            />
          ) : (
            <ActivityChart
              points={overview.data.parMois}
              series={SERIES}
              formatPeriod={formatMonth}
              caption="Activité par mois, 12 derniers mois"
              labelEvery={2}
            />
          )}
        </div>
      )}
    </StatSection>
  );
}
