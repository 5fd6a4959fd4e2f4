import { Crown } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useAfterDelay } from '../../../lib/use-after-delay';
import { QUOTA_POPUP_DURATION_MS, type Quota } from '../error-messages';

interface QuotaDialogProps {
  /** The refused creation's counts; null when the popup is closed. */
  quota: Quota | null;
  onClose: () => void;
  onUpgrade: () => void;
  /** Shown as the wizard opens (issue 17), before anything is typed: no invoice in progress to keep. */
  atOpening?: boolean;
}

/**
 * SPEC §8: "Quota de factures atteint", used/limit, Passer Premium; closes by itself after 8 s. Shown when
 * the server refuses a creation, and as the wizard opens when the month's invoices are all used (issue 17).
 */
export function QuotaDialog({ quota, onClose, onUpgrade, atOpening = false }: QuotaDialogProps) {
  useAfterDelay(quota, QUOTA_POPUP_DURATION_MS, onClose);
  return (
    <Modal
      open={quota !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Quota de factures atteint"
      description={
        quota && (
          <>
            Vous avez créé <strong>{quota.utilise}</strong> factures sur <strong>{quota.limite}</strong> ce
            mois-ci.
          </>
        )
      }
    >
      <p className="text-sm text-slate-700">
        Le plan gratuit est limité à {quota?.limite} factures par mois. Passez Premium pour créer des factures
        sans limite{atOpening ? '.' : ' ; votre facture en cours est conservée.'}
      </p>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="secondary">Fermer</Button>
        </Dialog.Close>
        <Button onClick={onUpgrade}>
          <Crown className="size-4" aria-hidden="true" />
          Passer Premium
        </Button>
      </div>
    </Modal>
  );
}
