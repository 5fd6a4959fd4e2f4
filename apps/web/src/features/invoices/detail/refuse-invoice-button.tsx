import { REFUSAL_MESSAGES } from '@facturo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { XCircle } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/textarea';
import { apiRequest } from '../../../lib/api';
import { describeActionError, INVOICE_STATUS_ERROR } from '../error-messages';

const refuseInvoice = ({ id, motif }: { id: string; motif: string }) =>
  apiRequest('POST', `/factures/${encodeURIComponent(id)}/refuser`, z.unknown(), { motif });

/**
 * The recipient refuses an invoice received on Facturo, saying why: the issuer is told with the reason,
 * and the invoice reads « Refusée » on both sides. Final, so it asks first, and the reason is required.
 */
export function RefuseInvoiceButton({ invoiceId, numero }: { invoiceId: string; numero: string }) {
  const queryClient = useQueryClient();
  const refusal = useMutation({
    mutationFn: refuseInvoice,
    // The detail, the lists and their counts all change: everything is read again.
    onSuccess: () => queryClient.invalidateQueries(),
  });
  const [open, setOpen] = useState(false);
  const [motif, setMotif] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function run() {
    const reason = motif.trim();
    if (reason.length === 0) return setError(REFUSAL_MESSAGES.reasonRequired);
    if (reason.length > 500) return setError(REFUSAL_MESSAGES.reasonTooLong);
    try {
      await refusal.mutateAsync({ id: invoiceId, motif: reason });
      setOpen(false);
      toast.success("Facture refusée : l'émetteur en est informé");
    } catch (failure) {
      setOpen(false);
      const { message, detail } = describeActionError(failure, INVOICE_STATUS_ERROR);
      toast.error(message, { description: detail });
    }
  }

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <XCircle className="size-4" aria-hidden="true" />
        Refuser la facture
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setError(null);
        }}
        title={`Refuser la facture ${numero} ?`}
        description="L'émetteur sera informé de votre refus et de son motif. Ce choix ne peut pas être annulé."
        // The reason's field sits in the dialog's free slot (a block under the description).
        error={
          <Field label="Motif du refus" required error={error ?? undefined} invalid={error !== null}>
            {(control) => (
              <Textarea
                {...control}
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
        confirmLabel="Refuser la facture"
        pending={refusal.isPending}
        onConfirm={() => void run()}
      />
    </>
  );
}
