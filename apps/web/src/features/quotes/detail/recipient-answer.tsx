import { formatEuros, type Quote } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { quoteStatusesQueryOptions, useAnswerQuoteMutation } from '../api';
import { QUOTE_ANSWER_ERROR } from '../messages';
import { AnswerButton, type QuoteAnswer } from './answer-button';
import { refusalSentence } from './refusal';

/**
 * The recipient's Accepter / Refuser (issue 15), while the quote waits for an answer and is still valid
 * today (the server's « peutRepondre »: the expiry job may not have run yet).
 */
export function RecipientAnswer({ quote }: { quote: Quote }) {
  const answer = useAnswerQuoteMutation();
  const statuses = useQuery(quoteStatusesQueryOptions(quote._id));
  if (!statuses.data?.peutRepondre) return null;
  const issuer = `${quote.emetteur.prenom} ${quote.emetteur.nom}`.trim();
  const send = (statutDestinataire: QuoteAnswer) => async (commentaire: string) => {
    try {
      await answer.mutateAsync({ id: quote._id, statutDestinataire, commentaire });
    } catch (error) {
      throw new Error(refusalSentence(error, QUOTE_ANSWER_ERROR));
    }
  };
  return (
    <>
      <AnswerButton
        answer="acceptee"
        label="Accepter"
        title={`Accepter le devis ${quote.numero} ?`}
        description={`Vous acceptez le devis de ${issuer} pour ${formatEuros(quote.montantTTC)} TTC. ${issuer} en sera informé.`}
        pending={answer.isPending}
        onConfirm={send('acceptee')}
      />
      <AnswerButton
        answer="refusee"
        label="Refuser"
        title={`Refuser le devis ${quote.numero} ?`}
        description={`${issuer} en sera informé. Vous pouvez préciser pourquoi.`}
        pending={answer.isPending}
        onConfirm={send('refusee')}
      />
    </>
  );
}
