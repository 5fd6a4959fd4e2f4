import { RefreshCw, RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import { useResetAllQuotasMutation, useSyncSubscriptionsMutation } from './api';
import { ConfirmAction } from './confirm-action';
import { formatCount } from './format';

/** The two actions on every account at once. */
export function GlobalActions() {
  const resetAll = useResetAllQuotasMutation();
  const sync = useSyncSubscriptionsMutation();
  return (
    <div className="flex flex-wrap gap-2">
      <ConfirmAction
        label={
          <>
            <RotateCcw className="size-4" aria-hidden="true" />
            Réinitialiser les quotas
          </>
        }
        title="Réinitialiser les quotas de tous les comptes ?"
        description="Les factures et clients du plan gratuit seront comptés à partir de maintenant, pour chaque compte."
        confirmLabel="Réinitialiser"
        failureMessage="Erreur lors de la réinitialisation des quotas."
        pending={resetAll.isPending}
        run={async () => {
          const { comptes } = await resetAll.mutateAsync();
          toast.success(`Quotas réinitialisés pour ${formatCount(comptes)} compte${comptes > 1 ? 's' : ''}`);
        }}
      />
      <ConfirmAction
        label={
          <>
            <RefreshCw className="size-4" aria-hidden="true" />
            Synchroniser les abonnements
          </>
        }
        title="Synchroniser les abonnements ?"
        description="Chaque abonnement payant est relu chez son fournisseur de paiement et corrigé s'il diffère."
        confirmLabel="Synchroniser"
        failureMessage="Erreur lors de la synchronisation des abonnements."
        pending={sync.isPending}
        run={async () => {
          const result = await sync.mutateAsync();
          toast.success(
            `Abonnements synchronisés : ${formatCount(result.verifiees)} vérifié${result.verifiees > 1 ? 's' : ''}, ${formatCount(result.corrigees)} corrigé${result.corrigees > 1 ? 's' : ''}`,
          );
        }}
      />
    </div>
  );
}
