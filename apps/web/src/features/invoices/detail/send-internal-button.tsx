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
 * invites the client by e-mail when the address has no account yet.
 */
export function SendInternalButton({ invoiceId }: { invoiceId: string }) {
  const send = useSendInternalMutation();
  return (
    <Button
      variant="secondary"
      loading={send.isPending}
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
