import type { Invoice } from '@facturo/shared';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useSendInternalMutation } from '../api';
import {
  describeActionError,
  SEND_INTERNAL_ALREADY_SENT,
  SEND_INTERNAL_ERROR,
  SEND_INTERNAL_INVITATION_REMINDED,
  SEND_INTERNAL_SUCCESS,
} from '../error-messages';
import { SEND_PLATFORM_LABEL } from './send-labels';

/**
 * Envoyer sur Facturo (SPEC §2, issue 17): after a confirmation, puts the invoice in the client's
 * received invoices on the platform; the server invites the client by e-mail when the address has no
 * account yet. `describedBy` names the line saying what it does, or why it cannot be sent (a cancelled
 * invoice: the button is then disabled).
 */
export function SendInternalButton({
  invoice,
  describedBy,
  disabled = false,
}: {
  invoice: Invoice;
  describedBy?: string;
  disabled?: boolean;
}) {
  const send = useSendInternalMutation();
  const [open, setOpen] = useState(false);

  function confirm() {
    send.mutate(invoice._id, {
      onSuccess: ({ dejaEnvoyee, invitationEnvoyee }) => {
        setOpen(false);
        if (!dejaEnvoyee) toast.success(SEND_INTERNAL_SUCCESS);
        else
          toast.info(SEND_INTERNAL_ALREADY_SENT, {
            description: invitationEnvoyee ? SEND_INTERNAL_INVITATION_REMINDED : undefined,
          });
      },
      onError: (error) => {
        setOpen(false);
        const { message, detail } = describeActionError(error, SEND_INTERNAL_ERROR);
        toast.error(message, { description: detail });
      },
    });
  }

  return (
    <>
      <Button
        variant="secondary"
        disabled={disabled}
        aria-describedby={describedBy}
        onClick={() => setOpen(true)}
      >
        <Send className="size-4" aria-hidden="true" />
        {SEND_PLATFORM_LABEL}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        tone="primary"
        title={`Envoyer la facture ${invoice.numero} sur Facturo ?`}
        description={`Elle arrivera dans l'espace Facturo de ${invoice.client.nom} (${invoice.client.email}), invité par e-mail s'il n'a pas encore de compte. Une fois envoyée, elle ne peut plus être modifiée.`}
        confirmLabel={SEND_PLATFORM_LABEL}
        pending={send.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
