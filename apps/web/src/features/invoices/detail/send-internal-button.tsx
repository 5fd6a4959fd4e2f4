import type { Invoice } from '@facturo/shared';
import { toast } from 'sonner';
import { useSendInternalMutation } from '../api';
import {
  describeActionError,
  SEND_INTERNAL_ALREADY_SENT,
  SEND_INTERNAL_ERROR,
  SEND_INTERNAL_SUCCESS,
} from '../error-messages';
import { PlatformSendButton } from './platform-send-button';

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
  return (
    <PlatformSendButton
      title={`Envoyer la facture ${invoice.numero} sur Facturo ?`}
      description={`Elle arrivera dans l'espace Facturo de ${invoice.client.nom} (${invoice.client.email}), ou, sans compte, un lien par e-mail pour la consulter en ligne, sans inscription. Une fois envoyée, elle ne peut plus être modifiée.`}
      sentMessage={SEND_INTERNAL_SUCCESS}
      alreadySentMessage={SEND_INTERNAL_ALREADY_SENT}
      send={(done) =>
        send.mutate(invoice._id, {
          onSuccess: done,
          onError: (error) => {
            done();
            const { message, detail } = describeActionError(error, SEND_INTERNAL_ERROR);
            toast.error(message, { description: detail });
          },
        })
      }
      pending={send.isPending}
      describedBy={describedBy}
      disabled={disabled}
    />
  );
}
