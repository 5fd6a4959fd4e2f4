import type { Quote } from '@facturo/shared';
import { toast } from 'sonner';
import { PlatformSendButton } from '../../invoices/detail/platform-send-button';
import { useSendQuoteInternalMutation } from '../api';
import { QUOTE_ALREADY_SENT, QUOTE_SEND_ERROR, QUOTE_SEND_SUCCESS } from '../messages';
import { refusalSentence } from './refusal';

/**
 * Envoyer sur Facturo (issues 15, 17): after a confirmation, puts the quote in the client's received
 * quotes on the platform, where they can accept or refuse it; a client without an account gets the
 * quote's signed link, as for invoices. `describedBy` names the line saying what it does.
 */
export function SendQuoteButton({ quote, describedBy }: { quote: Quote; describedBy?: string }) {
  const send = useSendQuoteInternalMutation();
  return (
    <PlatformSendButton
      title={`Envoyer le devis ${quote.numero} sur Facturo ?`}
      description={`Il arrivera dans l'espace Facturo de ${quote.client.nom} (${quote.client.email}), qui pourra l'accepter ou le refuser en ligne. Sans compte, votre client reçoit par e-mail un lien pour le consulter sans inscription.`}
      sentMessage={QUOTE_SEND_SUCCESS}
      alreadySentMessage={QUOTE_ALREADY_SENT}
      send={(done) =>
        send.mutate(quote._id, {
          onSuccess: done,
          onError: (error) => {
            done();
            toast.error(refusalSentence(error, QUOTE_SEND_ERROR));
          },
        })
      }
      pending={send.isPending}
      describedBy={describedBy}
    />
  );
}
