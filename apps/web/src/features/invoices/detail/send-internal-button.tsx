import { Send } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { useSendInternalMutation } from '../api';
import {
  describeActionError,
  SEND_INTERNAL_ALREADY_SENT,
  SEND_INTERNAL_ERROR,
  SEND_INTERNAL_INVITATION_REMINDED,
  SEND_INTERNAL_SUCCESS,
} from '../error-messages';

/**
 * Envoyer (SPEC §2): puts the invoice in the client's received invoices on the platform; the server
 * invites the client by e-mail when the address has no account yet. `describedBy` names the note
 * saying why it cannot be sent (a cancelled invoice): the button is then disabled.
 */
export function SendInternalButton({ invoiceId, describedBy }: { invoiceId: string; describedBy?: string }) {
  const send = useSendInternalMutation();
  return (
    <Button
      variant="secondary"
      loading={send.isPending}
      disabled={describedBy !== undefined}
      aria-describedby={describedBy}
      onClick={() =>
        send.mutate(invoiceId, {
          onSuccess: ({ dejaEnvoyee, invitationEnvoyee }) => {
            if (!dejaEnvoyee) toast.success(SEND_INTERNAL_SUCCESS);
            else
              toast.info(SEND_INTERNAL_ALREADY_SENT, {
                description: invitationEnvoyee ? SEND_INTERNAL_INVITATION_REMINDED : undefined,
              });
          },
          onError: (error) => {
            const { message, detail } = describeActionError(error, SEND_INTERNAL_ERROR);
            toast.error(message, { description: detail });
          },
        })
      }
    >
      {!send.isPending && <Send className="size-4" aria-hidden="true" />}
      Envoyer
    </Button>
  );
}
