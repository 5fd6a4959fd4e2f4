import { CheckCircle2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { useMarkPaidMutation } from '../api';
import { describeActionError, INVOICE_STATUS_ERROR } from '../error-messages';

/** The recipient's one move (SPEC §4): declare the invoice paid, which records the payment date. */
export function MarkPaidButton({ invoiceId }: { invoiceId: string }) {
  const markPaid = useMarkPaidMutation();

  // Awaited rather than given to mutate(): once the statuses are re-read this button is gone, and
  // mutate()'s callbacks do not run for an unmounted component; the toast must still say it worked.
  async function run() {
    try {
      await markPaid.mutateAsync(invoiceId);
      toast.success('Facture marquée comme payée');
    } catch (error) {
      const { message, detail } = describeActionError(error, INVOICE_STATUS_ERROR);
      toast.error(message, { description: detail });
    }
  }

  return (
    <Button loading={markPaid.isPending} onClick={() => void run()}>
      {!markPaid.isPending && <CheckCircle2 className="size-4" aria-hidden="true" />}
      Marquer comme payée
    </Button>
  );
}
