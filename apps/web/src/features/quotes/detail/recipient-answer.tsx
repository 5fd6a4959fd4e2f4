import { canAnswerQuote, formatEuros, type Quote } from '@facturo/shared';
import { useAnswerQuoteMutation } from '../api';
import { QUOTE_ANSWER_ERROR } from '../messages';
import { AnswerButton, type QuoteAnswer } from './answer-button';
import { refusalSentence } from './refusal';

/** The recipient's Accepter / Refuser (issue 15), while the quote waits for an answer and is still valid. */
export function RecipientAnswer({ quote }: { quote: Quote }) {
  const answer = useAnswerQuoteMutation();
  if (!quote.statutEmetteur || !quote.statutDestinataire) return null;
  if (!canAnswerQuote(quote.statutEmetteur, quote.statutDestinataire)) return null;
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
