import {
  formatSiretInput,
  SIRET_DUPLICATE_MESSAGES,
  type SiretAccountSummary,
  type SiretDuplicate,
} from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { siretDuplicatesQueryOptions, useRestoreSiretMutation } from './api';
import { ConfirmAction } from './confirm-action';
import { formatDate } from './format';
import { StatSection } from './stat-card';

function Account({ label, account }: { label: string; account: SiretAccountSummary }) {
  const name = `${account.prenom} ${account.nom}`.trim() || account.email;
  return (
    <div className="min-w-0 text-sm">
      <p className="text-slate-600">{label}</p>
      <p className="truncate font-medium text-slate-900">{name}</p>
      <p className="truncate text-slate-600">
        {account.email} · inscrit le {formatDate(account.createdAt)}
        {account.emailVerified ? '' : ' · adresse non confirmée'}
      </p>
    </div>
  );
}

function Duplicate({ duplicate }: { duplicate: SiretDuplicate }) {
  const restore = useRestoreSiretMutation();
  const { compte, titulaire } = duplicate;
  const siret = formatSiretInput(duplicate.siret);
  return (
    <li className="space-y-3 py-3">
      <p className="text-sm font-semibold tabular-nums text-slate-900">SIRET {siret}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Account label="Compte en double" account={compte} />
        {titulaire ? (
          <Account label="Compte qui détient le SIRET" account={titulaire} />
        ) : (
          <p className="text-sm text-slate-700">
            Plus aucun compte ouvert ne détient ce SIRET : il peut être rendu à ce compte.
          </p>
        )}
      </div>
      <ConfirmAction
        label="Rendre le SIRET à ce compte"
        disabled={titulaire !== null}
        title="Rendre le SIRET à ce compte ?"
        description={`Le compte ${compte.email} redeviendra le seul titulaire du SIRET ${siret} : les factures et statuts de la plateforme pour ce SIRET lui seront remis.`}
        confirmLabel="Rendre le SIRET"
        failureMessage={SIRET_DUPLICATE_MESSAGES.restoreFailed}
        pending={restore.isPending}
        run={async () => {
          await restore.mutateAsync(compte._id);
          toast.success(`SIRET ${siret} rendu à ${compte.email}`);
        }}
      />
      {titulaire && (
        <p className="text-xs text-slate-600">
          Possible une fois le compte qui le détient fermé, ou son SIRET changé.
        </p>
      )}
    </li>
  );
}

/**
 * The accounts that shared a SIRET before one company had one account (DESIGN §5): each with the account
 * that holds the SIRET, and the SIRET given back once that one has closed or changed it.
 */
export function SiretDuplicatesSection() {
  const duplicates = useQuery(siretDuplicatesQueryOptions());
  return (
    <StatSection id="siret-en-double" title="Comptes au SIRET en double">
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        {duplicates.isPending && <LoadingStatus>Chargement des comptes au SIRET en double…</LoadingStatus>}
        {duplicates.isError && <LoadError message={SIRET_DUPLICATE_MESSAGES.loadFailed} query={duplicates} />}
        {duplicates.data?.length === 0 && (
          <p className="text-sm text-slate-600">Aucun compte ne partage son SIRET avec un autre.</p>
        )}
        {duplicates.data && duplicates.data.length > 0 && (
          <ul className="divide-y divide-slate-100">
            {duplicates.data.map((duplicate) => (
              <Duplicate key={duplicate.compte._id} duplicate={duplicate} />
            ))}
          </ul>
        )}
      </div>
    </StatSection>
  );
}
