import type { Invoice } from '@facturo/shared';
import { Mail, Paperclip } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useSendEmailMutation } from '../api';
import { SEND_EMAIL_ERROR, SEND_EMAIL_SUCCESS, serverMessageOr } from '../error-messages';
import { EmailInvoiceForm, type SendEmailBody } from './email-invoice-form';
import { SEND_EMAIL_COPY_LABEL, SEND_EMAIL_LABEL } from './send-labels';
import { useDialogTrigger } from './use-dialog-trigger';

/**
 * Envoyer par e-mail (SPEC §2's Email, renamed by issue 17; issuer only): sends the Factur-X PDF with a personal message. On success the invoice
 * is read again, now Envoyée and locked; on failure the dialog stays open with the server's words.
 * `describedBy` names the line saying what it does, or why it cannot be sent (a cancelled invoice, `disabled`).
 */
export function EmailButton({
  invoice,
  describedBy,
  disabled = false,
}: {
  invoice: Invoice;
  describedBy?: string;
  disabled?: boolean;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const send = useSendEmailMutation();
  const dialog = useDialogTrigger(send.isPending, () => setFailure(null));
  const copy = invoice.cycle.canal === 'plateforme_agreee';

  function submit(body: SendEmailBody) {
    setFailure(null);
    send.mutate(
      { id: invoice._id, body },
      {
        // The hook has already re-read the invoice by now: the dialog closes onto its new status.
        onSuccess: () => {
          dialog.close();
          toast.success(SEND_EMAIL_SUCCESS);
        },
        onError: (error) => setFailure(serverMessageOr(error, SEND_EMAIL_ERROR)),
      },
    );
  }

  return (
    <>
      <Button {...dialog.trigger} variant="secondary" disabled={disabled} aria-describedby={describedBy}>
        <Mail className="size-4" aria-hidden="true" />
        {copy ? SEND_EMAIL_COPY_LABEL : SEND_EMAIL_LABEL}
      </Button>
      <Modal
        {...dialog.modal}
        title={copy ? 'Envoyer une copie de la facture par e-mail' : 'Envoyer la facture par email'}
        size="lg"
        description={
          <span className="flex items-start gap-2">
            <Paperclip className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
            <span>
              Le PDF <span className="font-medium text-slate-900">{invoice.numero}.pdf</span> est joint à
              l'email au format Factur-X : lisible par votre client, avec les données de la facture intégrées
              pour son logiciel comptable.
            </span>
          </span>
        }
      >
        {/* Radix unmounts the content when closed: each opening starts from the invoice's values. */}
        <EmailInvoiceForm invoice={invoice} pending={send.isPending} failure={failure} onSubmit={submit} />
      </Modal>
    </>
  );
}
