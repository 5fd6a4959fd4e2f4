import { BOOKS_RETENTION } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { LoadingStatus } from '../../components/ui/loading-status';
import { formatDateFr } from '../invoices/dates';
import { closurePreviewQueryOptions } from './delete-account';

/**
 * What closing keeps, said in the closure dialog before it is done (GET /users/me/cloture): the books
 * read-only until their retention end, how to read them, and their erasure at once once downloaded.
 */
export function ClosureConsequences({ fallback }: { fallback: string }) {
  const preview = useQuery(closurePreviewQueryOptions());
  if (preview.isPending) return <LoadingStatus>Calcul de la durée de conservation...</LoadingStatus>;
  if (preview.isError) return <p className="text-sm text-slate-700">{fallback}</p>;
  const until = preview.data.conservationJusquAu;
  if (!until) {
    return (
      <p className="text-sm text-slate-700" data-testid="consequences-cloture">
        Vos livres ne contiennent rien à conserver : tout est supprimé, aucune archive n’est gardée.
      </p>
    );
  }
  return (
    <ul className="list-disc space-y-1.5 pl-5 text-sm text-slate-700" data-testid="consequences-cloture">
      <li>
        <span className="font-medium text-slate-900">
          Conservé en lecture seule jusqu’au {formatDateFr(until)}
        </span>{' '}
        : vos factures et avoirs émis, vos paiements reçus, vos achats, vos factures fournisseurs, votre FEC,
        votre journal et vos archives annuelles ({BOOKS_RETENTION.years} ans après la fin de l’année de la
        dernière écriture, article L123-22 du Code de commerce).
      </li>
      <li>
        Pour les consulter et les télécharger : reconnectez-vous avec la même adresse e-mail et le même mot de
        passe. Plus rien n’y sera modifiable.
      </li>
      <li>
        Une fois vos archives téléchargées, « Supprimer définitivement », depuis l’archive, les efface
        aussitôt.
      </li>
      <li>
        Vos clients gardent les factures reçues dans leur compte Facturo, et votre adresse e-mail pourra
        servir à créer un nouveau compte.
      </li>
    </ul>
  );
}
