import { formatEuros, type Quote, type SendInvoiceEmailInput } from '@facturo/shared';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { formatDateFr } from '../../invoices/dates';
import { EmailDocumentForm, type SendEmailBody } from '../../invoices/detail/email-invoice-form';
import { SEND_EMAIL_LABEL } from '../../invoices/detail/send-labels';
import { useDialogTrigger } from '../../invoices/detail/use-dialog-trigger';
import { serverMessageOr } from '../../invoices/error-messages';
import { useSendQuoteEmailMutation } from '../api';
import { QUOTE_EMAIL_SUCCESS, QUOTE_SEND_ERROR } from '../messages';

/** The Email popup's starting values for a quote: the client's address, « Devis DEV-… », a short message. */
export function quoteEmailValues(quote: Quote): SendInvoiceEmailInput {
  const signature = `${quote.emetteur.prenom} ${quote.emetteur.nom}`.trim();
  return {
    to: quote.client.email,
    subject: `Devis ${quote.numero}`,
    message: [
      'Bonjour,',
      `Je vous adresse le devis ${quote.numero} d'un montant de ${formatEuros(quote.montantTTC)} TTC, valable jusqu'au ${formatDateFr(quote.dateValidite)}.`,
      'Je reste à votre disposition pour toute question.',
      signature ? `Cordialement,\n${signature}` : 'Cordialement,',
    ].join('\n\n'),
  };
}

/** Envoyer par e-mail (issuer only): the quote's PDF with a personal message; the quote is then marked sent. */
export function EmailQuoteButton({ quote, describedBy }: { quote: Quote; describedBy?: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  const send = useSendQuoteEmailMutation();
  const dialog = useDialogTrigger(send.isPending, () => setFailure(null));

  function submit(body: SendEmailBody) {
    setFailure(null);
    send.mutate(
      { id: quote._id, body },
      {
        onSuccess: () => {
          dialog.close();
          toast.success(QUOTE_EMAIL_SUCCESS);
        },
        onError: (error) => setFailure(serverMessageOr(error, QUOTE_SEND_ERROR)),
      },
    );
  }

  return (
    <>
      <Button {...dialog.trigger} variant="secondary" aria-describedby={describedBy}>
        <Mail className="size-4" aria-hidden="true" />
        {SEND_EMAIL_LABEL}
      </Button>
      <Modal
        {...dialog.modal}
        title="Envoyer le devis par email"
        size="lg"
        description={`Le PDF ${quote.numero}.pdf est joint à l'email.`}
      >
        <EmailDocumentForm
          defaultValues={quoteEmailValues(quote)}
          notice={
            quote.statutEmetteur === 'creee'
              ? "Une fois l'email envoyé, le devis passe au statut Envoyé."
              : null
          }
          pending={send.isPending}
          failure={failure}
          onSubmit={submit}
        />
      </Modal>
    </>
  );
}
