import { type Quote, quoteIssuerTransitions } from '@facturo/shared';
import { Copy, Lock, Pencil } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button-styles';
import { SendHints } from '../../invoices/detail/send-hints';
import { sendEmailHint, sendPlatformHint } from '../../invoices/detail/send-labels';
import { PdfButton } from '../../invoices/pdf/pdf-button';
import { DUPLICATE_PARAM } from '../../invoices/wizard/creation-context';
import { fetchQuotePdf, useQuoteIssuerStatusMutation } from '../api';
import { QUOTE_ANSWER_ERROR, QUOTE_LOCKED_EXPLANATION, QUOTES_PATH, quoteDetailPath } from '../messages';
import { AnswerButton, type QuoteAnswer } from './answer-button';
import { ConvertButton } from './convert-button';
import { DeleteQuoteButton } from './delete-quote-button';
import { DepositDialog } from './deposit-dialog';
import { EmailQuoteButton } from './email-quote-button';
import { refusalSentence } from './refusal';
import { SendQuoteButton } from './send-quote-button';

/**
 * The issuer's tools on a quote (issue 15), as its status allows: send it (platform, e-mail) while it
 * waits, edit it until it is answered, delete it before it went out, record an answer received
 * elsewhere, then invoice a deposit or the whole; duplicate and PDF always.
 */
export function IssuerQuoteActions({ quote }: { quote: Quote }) {
  const status = quote.statutEmetteur ?? 'creee';
  const waiting = status === 'creee' || status === 'envoyee';
  const offPlatform = quoteIssuerTransitions(status);
  const emailHintId = useId();
  const platformHintId = useId();
  const onPlatform = waiting && !quote.destinataire;
  return (
    <section aria-label="Actions sur le devis" className="space-y-3">
      <div className="flex flex-wrap items-end gap-2">
        {status === 'acceptee' && (
          <>
            <ConvertButton quote={quote} />
            <DepositDialog quote={quote} />
          </>
        )}
        {onPlatform && <SendQuoteButton quote={quote} describedBy={platformHintId} />}
        {waiting && <EmailQuoteButton quote={quote} describedBy={emailHintId} />}
        <PdfButton invoice={quote} fetchPdf={fetchQuotePdf} />
        {!quote.verrouille && (
          <Link to={`${quoteDetailPath(quote._id)}/edit`} className={buttonClasses('secondary')}>
            <Pencil className="size-4" aria-hidden="true" />
            Modifier
          </Link>
        )}
        <Link
          to={`${QUOTES_PATH}/create?${DUPLICATE_PARAM}=${encodeURIComponent(quote._id)}`}
          className={buttonClasses('secondary')}
        >
          <Copy className="size-4" aria-hidden="true" />
          Dupliquer
        </Link>
        {status === 'creee' && !quote.envoyeeLe && <DeleteQuoteButton quote={quote} />}
      </div>
      {waiting && (
        <SendHints
          emailHintId={emailHintId}
          emailHint={sendEmailHint('le devis')}
          {...(onPlatform ? { platformHintId, platformHint: sendPlatformHint('le devis') } : {})}
        />
      )}
      {offPlatform.includes('acceptee') && <OffPlatformAnswer quote={quote} />}
      {quote.verrouille && (
        <p className="flex items-start gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {QUOTE_LOCKED_EXPLANATION}
        </p>
      )}
    </section>
  );
}

/** « Marquer accepté / refusé »: an answer the issuer received outside the platform (signed paper, e-mail). */
function OffPlatformAnswer({ quote }: { quote: Quote }) {
  const mark = useQuoteIssuerStatusMutation();
  const record = (statutEmetteur: QuoteAnswer) => async (commentaire: string) => {
    try {
      await mark.mutateAsync({ id: quote._id, statutEmetteur, commentaire });
    } catch (error) {
      throw new Error(refusalSentence(error, QUOTE_ANSWER_ERROR));
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2">
      <p className="text-sm text-slate-700">Réponse reçue hors de Facturo ?</p>
      <AnswerButton
        answer="acceptee"
        label="Marquer accepté"
        title={`Marquer le devis ${quote.numero} comme accepté ?`}
        description="Le client vous a donné son accord en dehors de Facturo (devis signé, email)."
        pending={mark.isPending}
        onConfirm={record('acceptee')}
      />
      <AnswerButton
        answer="refusee"
        label="Marquer refusé"
        title={`Marquer le devis ${quote.numero} comme refusé ?`}
        description="Le client a décliné le devis en dehors de Facturo."
        pending={mark.isPending}
        onConfirm={record('refusee')}
      />
    </div>
  );
}
