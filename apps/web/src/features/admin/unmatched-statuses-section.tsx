import type { UnmatchedStatus } from '@facturo/shared';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { usePagedList } from '../../lib/paged-list';
import { formatCount, formatDateTime } from './format';
import { StatSection } from './stat-card';
import { unmatchedStatusesQueryOptions } from './unmatched-statuses-api';

/** One status kept aside: what it said, about which invoice, who received it, and why it was applied to nothing. */
function UnmatchedStatusItem({ status }: { status: UnmatchedStatus }) {
  return (
    <li className="space-y-1 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm font-medium text-slate-900">
          {status.libelleStatut ??
            (status.codeStatut === null ? 'Statut illisible' : `Statut ${status.codeStatut}`)}
          {status.numeroFacture && ` · facture ${status.numeroFacture}`}
        </p>
        <p className="text-xs text-slate-600">
          Reçu le <time dateTime={status.recuLe}>{formatDateTime(status.recuLe)}</time>
        </p>
      </div>
      <p className="text-sm text-slate-700">{status.motif}</p>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        <div className="flex gap-1">
          <dt>Compte :</dt>
          <dd>
            {status.compte
              ? `${status.compte.nom || status.compte.email} (${status.compte.email})`
              : 'supprimé'}
          </dd>
        </div>
        {status.sirenVendeur && (
          <div className="flex gap-1">
            <dt>SIREN vendeur :</dt>
            <dd className="tabular-nums">{status.sirenVendeur}</dd>
          </div>
        )}
        {status.sirenAcheteur && (
          <div className="flex gap-1">
            <dt>SIREN acheteur :</dt>
            <dd className="tabular-nums">{status.sirenAcheteur}</dd>
          </div>
        )}
        {status.fluxId && (
          <div className="flex gap-1">
            <dt>Flux :</dt>
            <dd className="break-all font-mono">{status.fluxId}</dd>
          </div>
        )}
      </dl>
    </li>
  );
}

/**
 * « Statuts reçus non rattachés »: lifecycle statuses a platform delivered that matched no invoice of the
 * receiving account. They were applied to nothing; the admin reads them to spot a misrouted or forged one.
 */
export function UnmatchedStatusesSection() {
  const list = usePagedList(unmatchedStatusesQueryOptions());
  const { query, items } = list;
  return (
    <StatSection
      id="statuts-non-rattaches"
      title="Statuts reçus non rattachés"
      aside={
        list.total !== undefined && (
          <p className="text-sm text-slate-600">
            {formatCount(list.total)} statut{list.total < 2 ? '' : 's'}
          </p>
        )
      }
    >
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <p className="text-sm text-slate-600">
          Statuts de cycle de vie reçus des plateformes qui ne correspondent à aucune facture envoyée ou reçue
          par le compte destinataire : ils n’ont été appliqués à aucune facture.
        </p>
        {query.isPending ? (
          <LoadingStatus>Chargement des statuts non rattachés…</LoadingStatus>
        ) : query.isError ? (
          <LoadError message="Erreur lors du chargement des statuts non rattachés." query={query} />
        ) : items.length === 0 ? (
          <p className="mt-3 text-sm text-slate-700">Aucun statut reçu non rattaché.</p>
        ) : (
          <>
            <ul className="mt-2 divide-y divide-slate-100">
              {items.map((status) => (
                <UnmatchedStatusItem key={status._id} status={status} />
              ))}
            </ul>
            {list.hasMore && (
              <Button variant="secondary" size="sm" loading={list.loadingMore} onClick={list.loadMore}>
                Afficher plus
              </Button>
            )}
          </>
        )}
      </div>
    </StatSection>
  );
}
