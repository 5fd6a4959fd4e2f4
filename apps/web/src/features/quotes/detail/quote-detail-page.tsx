import type { Quote } from '@facturo/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { TextLink } from '../../../components/ui/text-link';
import { CounterpartBadge, unreachableReason } from '../../counterpart/counterpart-badge';
import { formatDateFr } from '../../invoices/dates';
import { useInvoiceBranding } from '../../invoices/document/use-invoice-branding';
import { isNotFound } from '../../invoices/error-messages';
import { counterpartName } from '../../invoices/list/invoice-rows';
import { PdfButton } from '../../invoices/pdf/pdf-button';
import { fetchQuotePdf, quoteQueryOptions, quotesQueryKey } from '../api';
import { QuoteDocument } from '../document/quote-document';
import { QUOTE_LOAD_ERROR, QUOTE_NOT_FOUND, QUOTES_PATH } from '../messages';
import { QuoteStatusBadge } from '../quote-status-badge';
import { IssuerQuoteActions } from './issuer-quote-actions';
import { QuoteOutcome } from './quote-links';
import { RecipientAnswer } from './recipient-answer';

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <title>{`${title} · Facturo`}</title>
      <Link
        to={QUOTES_PATH}
        className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-slate-700 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Devis
      </Link>
      {children}
    </div>
  );
}

/** /devis/{id} (issue 15): the number and status, the viewer's tools, what came of it, the printed quote. */
export function QuoteDetailPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const quote = useQuery(quoteQueryOptions(id));
  const isRecipient = quote.data?.role === 'destinataire';

  // Opening a received quote marks it « vu » on the server: the lists must not keep « Non vu ».
  useEffect(() => {
    if (isRecipient) void queryClient.invalidateQueries({ queryKey: [...quotesQueryKey, 'list'] });
  }, [isRecipient, queryClient]);

  if (quote.isPending) {
    return (
      <Frame title="Devis">
        <h1 className="sr-only">Devis</h1>
        <LoadingStatus>Chargement du devis...</LoadingStatus>
      </Frame>
    );
  }
  if (quote.isError) {
    const notFound = isNotFound(quote.error);
    return (
      <Frame title={notFound ? QUOTE_NOT_FOUND : 'Devis'}>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
          {notFound ? QUOTE_NOT_FOUND : 'Devis'}
        </h1>
        {notFound ? (
          <p className="text-slate-700">
            Ce devis n'existe pas ou ne vous est pas accessible.{' '}
            <TextLink to={QUOTES_PATH}>Retour à la liste des devis</TextLink>
          </p>
        ) : (
          <LoadError message={QUOTE_LOAD_ERROR} query={quote} />
        )}
      </Frame>
    );
  }
  return <QuoteDetail quote={quote.data} />;
}

function QuoteDetail({ quote }: { quote: Quote }) {
  const isIssuer = quote.role === 'emetteur';
  const branding = useInvoiceBranding(isIssuer);
  // The server no longer lets the client answer (peutRepondre), nor sends it again on Facturo: say why.
  const unreachable = unreachableReason(
    quote.contrepartie,
    isIssuer ? 'de devis sur Facturo' : 'votre réponse à ce devis',
  );
  return (
    <Frame title={`Devis ${quote.numero}`}>
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">
            Devis {quote.numero}
          </h1>
          <QuoteStatusBadge status={quote.statut} />
        </div>
        <p className="text-sm text-slate-600">
          {isIssuer ? 'Client : ' : 'Émis par '}
          <span className="font-medium text-slate-900">{counterpartName(quote)}</span>{' '}
          <CounterpartBadge counterpart={quote.contrepartie} />
          {' · '}Valable jusqu'au {formatDateFr(quote.dateValidite)}
          {quote.envoyeeLe && <> · Envoyé le {formatDateFr(quote.envoyeeLe)}</>}
          {/* The client opened it, in their space or through its e-mailed link. */}
          {isIssuer && quote.statutDestinataire === 'vue' && <> · Vu par le client</>}
        </p>
      </div>

      {isIssuer ? (
        <IssuerQuoteActions quote={quote} />
      ) : (
        <section aria-label="Actions sur le devis" className="flex flex-wrap gap-2">
          <RecipientAnswer quote={quote} />
          <PdfButton invoice={quote} fetchPdf={fetchQuotePdf} />
        </section>
      )}
      {unreachable && (
        <p className="text-sm text-amber-800" data-testid="contrepartie-injoignable">
          {unreachable}
        </p>
      )}
      <QuoteOutcome quote={quote} />

      <div className="rounded-xl bg-slate-100 p-2 sm:p-6">
        <QuoteDocument quote={quote} branding={branding} />
      </div>
    </Frame>
  );
}
