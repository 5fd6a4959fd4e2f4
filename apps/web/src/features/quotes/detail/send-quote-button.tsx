import { Send } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { SEND_INTERNAL_INVITATION_REMINDED } from '../../invoices/error-messages';
import { useSendQuoteInternalMutation } from '../api';
import { QUOTE_ALREADY_SENT, QUOTE_SEND_ERROR, QUOTE_SEND_SUCCESS } from '../messages';
import { refusalSentence } from './refusal';

/**
 * Envoyer (issue 15): puts the quote in the client's received quotes on the platform, where they can
 * accept or refuse it; the server invites a client who has no account yet, as for invoices.
 */
export function SendQuoteButton({ quoteId }: { quoteId: string }) {
  const send = useSendQuoteInternalMutation();
  return (
    <Button
      variant="secondary"
      loading={send.isPending}
      onClick={() =>
        send.mutate(quoteId, {
          onSuccess: ({ dejaEnvoyee, invitationEnvoyee }) => {
            if (!dejaEnvoyee) toast.success(QUOTE_SEND_SUCCESS);
            else
              toast.info(QUOTE_ALREADY_SENT, {
                description: invitationEnvoyee ? SEND_INTERNAL_INVITATION_REMINDED : undefined,
              });
          },
          onError: (error) => toast.error(refusalSentence(error, QUOTE_SEND_ERROR)),
        })
      }
    >
      {!send.isPending && <Send className="size-4" aria-hidden="true" />}
      Envoyer
    </Button>
  );
}
