import { PLATFORM_FLOW_STATE_LABELS, type PlatformFlow } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../components/ui/badge';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { platformFlowsQueryOptions } from './api';

const NATURE_LABELS: Record<PlatformFlow['nature'], string> = {
  facture: 'Facture',
  cdar: 'Statut',
  ereporting: 'E-reporting',
};

const STATE_TONES = {
  a_envoyer: 'slate',
  deposee: 'emerald',
  recue: 'indigo',
  rejetee: 'red',
  echec: 'red',
} as const;

/** The flows exchanged with the platform lately, newest first: what left, what came, how it went. */
export function PlatformFlowsList() {
  const flows = useQuery(platformFlowsQueryOptions());
  return (
    <div className="space-y-2">
      <h3 className="text-base font-semibold text-slate-900">Échanges récents</h3>
      {flows.isPending ? (
        <LoadingStatus>Chargement des échanges...</LoadingStatus>
      ) : flows.isError ? (
        <LoadError message="Erreur lors du chargement des échanges" query={flows} />
      ) : flows.data.flux.length === 0 ? (
        <p className="text-sm text-slate-600">Aucun échange avec la plateforme pour l’instant.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {flows.data.flux.map((flow) => (
            <li
              key={flow.id}
              className="flex flex-col gap-1 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {flow.sens === 'sortant' ? 'Envoyé' : 'Reçu'} · {NATURE_LABELS[flow.nature]}
                  {flow.codeStatut ? ` ${flow.codeStatut}` : ''}
                </p>
                <p className="truncate text-slate-600">
                  {flow.nomFichier} · {new Date(flow.creeLe).toLocaleString('fr-FR')}
                </p>
                {flow.derniereErreur && <p className="text-red-700">{flow.derniereErreur}</p>}
              </div>
              <Badge tone={STATE_TONES[flow.etat]}>{PLATFORM_FLOW_STATE_LABELS[flow.etat]}</Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
