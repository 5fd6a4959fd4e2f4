import { formatEuros, PAYMENT_MESSAGES, type Payment, paymentRejectionSchema } from '@facturo/shared';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/textarea';
import { formatDateFr } from '../dates';

interface RejectPaymentDialogProps {
  /** The declaration being refused; null while closed. */
  payment: Payment | null;
  pending: boolean;
  onCancel: () => void;
  onReject: (motif: string) => void;
}

/**
 * Refusing a client's declared payment asks for confirmation and the reason: the client is told both, in
 * the app and by e-mail, and may declare again.
 */
export function RejectPaymentDialog({ payment, pending, onCancel, onReject }: RejectPaymentDialogProps) {
  const [motif, setMotif] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (payment) {
      setMotif('');
      setError(null);
    }
  }, [payment]);

  function confirm() {
    const parsed = paymentRejectionSchema.safeParse({ motif });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? PAYMENT_MESSAGES.rejectionReason);
      return;
    }
    onReject(parsed.data.motif);
  }

  return (
    <ConfirmDialog
      open={payment !== null}
      onOpenChange={(open) => !open && onCancel()}
      title="Refuser ce paiement ?"
      description={
        payment &&
        `Le client a signalé un paiement de ${formatEuros(payment.montant)} le ${formatDateFr(payment.datePaiement)}. Il sera prévenu du refus et de son motif, et pourra le signaler à nouveau.`
      }
      confirmLabel="Refuser le paiement"
      pending={pending}
      onConfirm={confirm}
      error={
        <Field label="Motif du refus" required error={error ?? undefined}>
          {(field) => (
            <Textarea
              {...field}
              value={motif}
              maxLength={500}
              onChange={(event) => {
                setMotif(event.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
      }
    />
  );
}
