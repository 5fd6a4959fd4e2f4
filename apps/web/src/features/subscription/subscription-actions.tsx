import type { SubscriptionInfo } from '@facturo/shared';
import { useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useAfterDelay } from '../../lib/use-after-delay';
import {
  subscriptionInfoQueryKey,
  useCancelSubscriptionMutation,
  useReactivateSubscriptionMutation,
} from './api';
import {
  CANCEL_ERROR,
  describeSubscriptionError,
  REACTIVATE_ERROR,
  REFETCH_AFTER_CHANGE_MS,
} from './error-messages';
import { formatLongDate } from './format';

/**
 * Cancel (after a confirmation) or reactivate a paid subscription. SPEC §4: the info is read again 2 s
 * later, the time a real provider needs to report the change back.
 */
export function SubscriptionActions({ info, planName }: { info: SubscriptionInfo; planName: string }) {
  const queryClient = useQueryClient();
  const [changedAt, setChangedAt] = useState<number | null>(null);
  useAfterDelay(changedAt, REFETCH_AFTER_CHANGE_MS, () => {
    void queryClient.invalidateQueries({ queryKey: subscriptionInfoQueryKey });
  });
  const changed = () => setChangedAt(Date.now());

  return info.cancelAtPeriodEnd ? (
    <ReactivateButton onDone={changed} />
  ) : (
    <CancelButton info={info} planName={planName} onDone={changed} />
  );
}

function CancelButton({
  info,
  planName,
  onDone,
}: {
  info: SubscriptionInfo;
  planName: string;
  onDone: () => void;
}) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelSubscriptionMutation();
  const end = formatLongDate(info.currentPeriodEnd);

  return (
    <>
      <Button variant="danger-outline" onClick={() => setOpen(true)}>
        Annuler l'abonnement
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) cancel.reset();
        }}
        title="Annuler l'abonnement ?"
        description={
          <>
            Vous gardez le plan {planName}
            {end ? ` jusqu'au ${end}` : " jusqu'à la fin de la période payée"}. Ensuite, votre compte passe au
            plan gratuit ; aucune facture ni aucun client n'est supprimé.
          </>
        }
        confirmLabel="Confirmer l'annulation"
        cancelLabel="Garder"
        pending={cancel.isPending}
        error={
          cancel.isError && (
            <Alert variant="error">{describeSubscriptionError(cancel.error, CANCEL_ERROR)}</Alert>
          )
        }
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: (next) => {
              setOpen(false);
              const until = formatLongDate(next.currentPeriodEnd);
              toast.success(
                until ? `Abonnement annulé : accès maintenu jusqu'au ${until}.` : 'Abonnement annulé.',
              );
              onDone();
            },
          })
        }
      />
    </>
  );
}

function ReactivateButton({ onDone }: { onDone: () => void }) {
  const reactivate = useReactivateSubscriptionMutation();
  return (
    <Button
      loading={reactivate.isPending}
      onClick={() =>
        reactivate.mutate(undefined, {
          onSuccess: () => {
            toast.success('Abonnement réactivé : il se renouvellera normalement.');
            onDone();
          },
          onError: (error) => toast.error(describeSubscriptionError(error, REACTIVATE_ERROR)),
        })
      }
    >
      <RotateCcw className="size-4" aria-hidden="true" />
      Réactiver l'abonnement
    </Button>
  );
}
