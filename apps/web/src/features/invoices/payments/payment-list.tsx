import { formatEuros, PAYMENT_METHOD_LABELS, type Payment } from '@facturo/shared';
import { Check, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatDateFr } from '../dates';
import { describeActionError } from '../error-messages';
import { type PaymentAction, usePaymentMutation } from './payments-api';
import { RejectPaymentDialog } from './reject-payment-dialog';

const PAYMENT_ACTION_ERROR = 'Erreur lors de la mise à jour du paiement';

const STATUS_BADGES: Record<Payment['statut'], { label: string; tone: 'emerald' | 'amber' | 'slate' }> = {
  confirme: { label: 'Reçu', tone: 'emerald' },
  declare: { label: 'Déclaré par le client', tone: 'amber' },
  rejete: { label: 'Refusé', tone: 'slate' },
};

interface PaymentListProps {
  invoiceId: string;
  payments: Payment[];
  /** Whose view: the issuer's (« Déclaré par le client ») or the recipient's. */
  isIssuer: boolean;
  /** The issuer answers declarations and deletes mistakes (not on a cancelled invoice); the recipient only reads. */
  canEdit: boolean;
}

/**
 * The invoice's payments, oldest first, each with its state and, for the issuer, what can be done with it.
 * A mistake is « Retirer » (after confirmation), so the page's « Supprimer » stays the invoice's own.
 */
export function PaymentList({ invoiceId, payments, isIssuer, canEdit }: PaymentListProps) {
  const mutation = usePaymentMutation(invoiceId);
  const [toDelete, setToDelete] = useState<Payment | null>(null);
  const [toReject, setToReject] = useState<Payment | null>(null);

  async function run(action: PaymentAction, success: string) {
    try {
      await mutation.mutateAsync(action);
      toast.success(success);
    } catch (error) {
      const { message, detail } = describeActionError(error, PAYMENT_ACTION_ERROR);
      toast.error(message, { description: detail });
    } finally {
      setToDelete(null);
      setToReject(null);
    }
  }

  if (payments.length === 0) return <p className="text-sm text-slate-600">Aucun paiement enregistré.</p>;
  return (
    <>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {payments.map((payment) => {
          const { label: issuerLabel, tone } = STATUS_BADGES[payment.statut];
          // The client reads their own declaration as waiting for the issuer.
          const label =
            !isIssuer && payment.statut === 'declare' ? 'En attente de confirmation' : issuerLabel;
          const what = `${formatEuros(payment.montant)} du ${formatDateFr(payment.datePaiement)}`;
          return (
            <li key={payment._id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2.5">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900 tabular-nums">
                  {formatEuros(payment.montant)}{' '}
                  <span className="font-normal text-slate-600">· {formatDateFr(payment.datePaiement)}</span>
                </p>
                <p className="truncate text-sm text-slate-600">
                  {PAYMENT_METHOD_LABELS[payment.methode]}
                  {payment.reference && <> · {payment.reference}</>}
                </p>
                {payment.motifRejet && (
                  <p className="text-sm text-slate-700">Motif du refus : {payment.motifRejet}</p>
                )}
              </div>
              <Badge tone={tone}>{label}</Badge>
              {canEdit && payment.statut === 'declare' && (
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    disabled={mutation.isPending}
                    aria-label={`Confirmer le paiement de ${what}`}
                    onClick={() => void run({ kind: 'confirm', paymentId: payment._id }, 'Paiement confirmé')}
                  >
                    <Check className="size-4" aria-hidden="true" />
                    Confirmer
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={mutation.isPending}
                    aria-label={`Refuser le paiement de ${what}`}
                    onClick={() => setToReject(payment)}
                  >
                    <X className="size-4" aria-hidden="true" />
                    Refuser
                  </Button>
                </div>
              )}
              {canEdit && payment.statut !== 'declare' && (
                <Button
                  size="sm"
                  variant="secondary"
                  className="text-red-700 hover:text-red-800"
                  aria-label={`Retirer le paiement de ${what}`}
                  onClick={() => setToDelete(payment)}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  Retirer
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <RejectPaymentDialog
        payment={toReject}
        pending={mutation.isPending}
        onCancel={() => setToReject(null)}
        onReject={(motif) =>
          toReject && void run({ kind: 'reject', paymentId: toReject._id, motif }, 'Paiement refusé')
        }
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Retirer ce paiement ?"
        description={
          toDelete &&
          `Le paiement de ${formatEuros(toDelete.montant)} du ${formatDateFr(toDelete.datePaiement)} sera retiré : le reste à payer augmentera d'autant.`
        }
        confirmLabel="Retirer le paiement"
        pending={mutation.isPending}
        onConfirm={() => toDelete && void run({ kind: 'delete', paymentId: toDelete._id }, 'Paiement retiré')}
      />
    </>
  );
}
