import type { RealtimeMetrics } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { METRICS_REFRESH_MS, realtimeMetricsQueryOptions } from './api';
import {
  formatCount,
  formatDateTime,
  formatMegabytes,
  formatMs,
  formatPercent,
  formatUptime,
} from './format';
import { ScrollRegion } from './scroll-region';
import { StatCard, StatSection } from './stat-card';

function Replicas({ replicas }: { replicas: RealtimeMetrics['replicas'] }) {
  if (replicas.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        Aucune instance n'a donné signe de vie ces 30 dernières secondes.
      </p>
    );
  }
  return (
    <ScrollRegion label="Instances du serveur">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">Instances du serveur</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Instance
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Requêtes/min
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Erreurs/min
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              p95
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Mémoire
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Connexions BD
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              En service depuis
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {replicas.map((replica) => (
            <tr key={replica.replicaId}>
              <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                {replica.hostname} <span className="font-normal text-slate-600">(pid {replica.pid})</span>
              </th>
              <td className="px-3 py-2 tabular-nums">{formatCount(replica.requetesParMinute)}</td>
              <td className="px-3 py-2 tabular-nums">{formatCount(replica.erreursParMinute)}</td>
              <td className="px-3 py-2 tabular-nums">{formatMs(replica.p95Ms)}</td>
              <td className="px-3 py-2 tabular-nums">{formatMegabytes(replica.rssBytes)}</td>
              <td className="px-3 py-2 tabular-nums">
                {replica.pool
                  ? `${replica.pool.total - replica.pool.idle} / ${replica.pool.total} (${replica.pool.waiting} en attente)`
                  : 'Base intégrée'}
              </td>
              <td className="px-3 py-2 tabular-nums">{formatUptime(replica.uptimeSeconds)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/**
 * The cluster right now (issue 13), read again every few seconds. The figures are not a live region: a
 * screen reader would be interrupted every 5 s; the time of the last reading says how fresh they are.
 */
export function MetricsPanel() {
  const metrics = useQuery(realtimeMetricsQueryOptions());
  const data = metrics.data;
  return (
    <StatSection
      id="metriques"
      title="Métriques en direct"
      aside={
        data && (
          <p className="text-xs text-slate-600">
            Mises à jour toutes les {METRICS_REFRESH_MS / 1000} s · dernière lecture{' '}
            <time dateTime={data.genereLe}>{formatDateTime(data.genereLe)}</time>
          </p>
        )
      }
    >
      {metrics.isPending && <LoadingStatus>Chargement des métriques…</LoadingStatus>}
      {metrics.isError && !data && (
        <LoadError message="Erreur lors du chargement des métriques." query={metrics} />
      )}
      {data && metrics.isError && (
        <p className="text-sm text-red-700">
          La dernière mise à jour a échoué : les chiffres ci-dessous sont ceux de la lecture précédente.
        </p>
      )}
      {data && (
        <>
          <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-6">
            <StatCard label="Requêtes par minute" value={formatCount(data.requetesParMinute)} />
            <StatCard label="Taux d'erreur" value={formatPercent(data.tauxErreur)} />
            <StatCard label="Latence p95" value={formatMs(data.p95Ms)} />
            <StatCard
              label="Utilisateurs actifs (5 min)"
              value={formatCount(data.utilisateursActifs.cinqMinutes)}
              hint={`${formatCount(data.utilisateursActifs.quinzeMinutes)} sur 15 min`}
            />
            <StatCard label="E-mails en attente" value={formatCount(data.emails.enAttente)} />
            <StatCard label="E-mails en échec (24 h)" value={formatCount(data.emails.echecs24h)} />
          </ul>
          <Replicas replicas={data.replicas} />
        </>
      )}
    </StatSection>
  );
}
