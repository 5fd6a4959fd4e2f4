import type { Quote } from '@facturo/shared';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SEND_PLATFORM_LABEL } from '../../invoices/detail/send-labels';
import { SEND_INTERNAL_INVITATION_REMINDED } from '../../invoices/error-messages';
import { useSendQuoteInternalMutation } from '../api';
import { QUOTE_ALREADY_SENT, QUOTE_SEND_ERROR, QUOTE_SEND_SUCCESS } from '../messages';
import { refusalSentence } from './refusal';

/**
 * Envoyer sur Facturo (issues 15, 17): after a confirmation, puts the quote in the client's received
 * quotes on the platform, where they can accept or refuse it; the server invites a client who has no
 * account yet, as for invoices. `describedBy` names the line saying what it does.
 */
export function SendQuoteButton({ quote, describedBy }: { quote: Quote; describedBy?: string }) {
  const send = useSendQuoteInternalMutation();
  const [open, setOpen] = useState(false);

  function confirm() {
    send.mutate(quote._id, {
      onSuccess: ({ dejaEnvoyee, invitationEnvoyee }) => {
        setOpen(false);
        if (!dejaEnvoyee) toast.success(QUOTE_SEND_SUCCESS);
        else
          toast.info(QUOTE_ALREADY_SENT, {
            description: invitationEnvoyee ? SEND_INTERNAL_INVITATION_REMINDED : undefined,
          });
      },
      onError: (error) => {
        setOpen(false);
        toast.error(refusalSentence(error, QUOTE_SEND_ERROR));
      },
    });
  }

  return (
    <>
      <Button variant="secondary" aria-describedby={describedBy} onClick={() => setOpen(true)}>
        <Send className="size-4" aria-hidden="true" />
        {SEND_PLATFORM_LABEL}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        tone="primary"
        title={`Envoyer le devis ${quote.numero} sur Facturo ?`}
        description={`Il arrivera dans l'espace Facturo de ${quote.client.nom} (${quote.client.email}), invité par e-mail s'il n'a pas encore de compte, qui pourra l'accepter ou le refuser en ligne.`}
        confirmLabel={SEND_PLATFORM_LABEL}
        pending={send.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
