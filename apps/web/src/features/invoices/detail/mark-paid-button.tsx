import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useMarkPaidMutation } from '../api';
import { describeActionError, INVOICE_STATUS_ERROR } from '../error-messages';

/**
 * The recipient's one move (SPEC §4): declare the invoice paid. Issue 17: a payment declared to the issuer,
 * of what remained due, today; it counts (and the PAYÉE stamp shows) once the issuer confirms it. It
 * cannot be taken back, so it asks first.
 */
export function MarkPaidButton({ invoiceId, numero }: { invoiceId: string; numero: string }) {
  const markPaid = useMarkPaidMutation();
  const [open, setOpen] = useState(false);

  // Awaited rather than given to mutate(): once the statuses are re-read this button is gone, and
  // mutate()'s callbacks do not run for an unmounted component; the toast must still say it worked.
  async function run() {
    try {
      await markPaid.mutateAsync(invoiceId);
      setOpen(false);
      toast.success("Paiement signalé à l'émetteur");
    } catch (error) {
      setOpen(false);
      const { message, detail } = describeActionError(error, INVOICE_STATUS_ERROR);
      toast.error(message, { description: detail });
    }
  }

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <CheckCircle2 className="size-4" aria-hidden="true" />
        Marquer comme payée
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        tone="primary"
        title={`Marquer la facture ${numero} comme payée ?`}
        description="Votre paiement sera signalé à l'émetteur avec la date d'aujourd'hui ; il le confirmera à réception. Ce choix ne peut pas être annulé."
        confirmLabel="Marquer comme payée"
        pending={markPaid.isPending}
        onConfirm={() => void run()}
      />
    </>
  );
}
