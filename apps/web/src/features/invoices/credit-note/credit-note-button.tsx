import type { CreditNoteInput, Invoice } from '@facturo/shared';
import { ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useCreditNoteMutation } from '../api';
import { useDialogTrigger } from '../detail/use-dialog-trigger';
import { serverMessageOr } from '../error-messages';
import { CreditNoteForm } from './credit-note-form';

export const CREDIT_NOTE_ERROR = 'Erreur lors de l’émission de l’avoir';

/**
 * « Émettre un avoir » (issue 15) on a sent or paid invoice or deposit: the dialog, then the new credit
 * note's page with a toast. A refusal (e.g. more than is left to credit) keeps the dialog open with the
 * server's sentence.
 */
export function CreditNoteButton({ invoice }: { invoice: Invoice }) {
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreditNoteMutation();
  const navigate = useNavigate();
  const dialog = useDialogTrigger(create.isPending, () => setFailure(null));

  // Awaited rather than given to mutate(): the refreshed invoice may no longer offer this button (fully
  // credited), and mutate()'s callbacks are dropped when it unmounts; the new credit note must still open.
  async function submit(body: CreditNoteInput) {
    setFailure(null);
    try {
      const note = await create.mutateAsync({ id: invoice._id, body });
      dialog.close();
      toast.success(`Avoir ${note.numero} émis`, { description: `Sur la facture ${invoice.numero}.` });
      navigate(`/factures/${encodeURIComponent(note._id)}`);
    } catch (error) {
      setFailure(serverMessageOr(error, CREDIT_NOTE_ERROR));
    }
  }

  return (
    <>
      <Button {...dialog.trigger} variant="secondary">
        <ReceiptText className="size-4" aria-hidden="true" />
        Émettre un avoir
      </Button>
      <Modal
        {...dialog.modal}
        title={`Émettre un avoir sur la facture ${invoice.numero}`}
        size="lg"
        description="L’avoir reprend les parties de la facture et reçoit son numéro dans la série AV."
      >
        {/* Radix unmounts the content when closed: each opening starts from the invoice's values. */}
        <CreditNoteForm invoice={invoice} pending={create.isPending} failure={failure} onSubmit={submit} />
      </Modal>
    </>
  );
}
