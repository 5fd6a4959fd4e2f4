import type { Quote, QuoteInput, User } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { LoadError } from '../../../components/ui/load-error';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useSession } from '../../../lib/session';
import { isNotFound } from '../../invoices/error-messages';
import { draftFromQuote } from '../../invoices/wizard/draft';
import { useInvoiceWizard } from '../../invoices/wizard/use-invoice-wizard';
import { quoteQueryOptions, useUpdateQuoteMutation } from '../api';
import {
  QUOTE_LOAD_ERROR,
  QUOTE_LOCKED_EXPLANATION,
  QUOTE_NOT_FOUND,
  QUOTES_PATH,
  quoteDetailPath,
} from '../messages';
import { QuotePageFrame } from './quote-page-frame';
import { QuoteWizard, useQuoteSubmitFailure } from './quote-wizard';

/** /devis/{id}/edit (issue 15): the wizard, prefilled, saving with a full PUT while the quote is open. */
export function QuoteEditPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const quote = useQuery(quoteQueryOptions(id));
  const back = { back: quoteDetailPath(id), backLabel: 'Retour au devis' };

  if (quote.isPending) {
    return (
      <QuotePageFrame {...back} title="Modifier le devis">
        <LoadingStatus>Chargement du devis...</LoadingStatus>
      </QuotePageFrame>
    );
  }
  if (quote.isError) {
    return isNotFound(quote.error) ? (
      <QuotePageFrame back={QUOTES_PATH} backLabel="Devis" title={QUOTE_NOT_FOUND}>
        <p className="text-slate-700">Ce devis n'existe pas ou ne vous est pas accessible.</p>
      </QuotePageFrame>
    ) : (
      <QuotePageFrame {...back} title="Modifier le devis">
        <LoadError message={QUOTE_LOAD_ERROR} query={quote} />
      </QuotePageFrame>
    );
  }
  const data = quote.data;
  const title = `Modifier le devis ${data.numero}`;
  if (data.role !== 'emetteur' || data.verrouille || !user) {
    return (
      <QuotePageFrame {...back} title={title}>
        <p className="flex items-start gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {data.role === 'emetteur'
            ? QUOTE_LOCKED_EXPLANATION
            : "Seul l'émetteur d'un devis peut le modifier."}
        </p>
      </QuotePageFrame>
    );
  }
  return (
    <QuotePageFrame {...back} title={title}>
      <EditWizard key={data._id} quote={data} user={user} />
    </QuotePageFrame>
  );
}

function EditWizard({ quote, user }: { quote: Quote; user: User }) {
  const navigate = useNavigate();
  const wizard = useInvoiceWizard(() => draftFromQuote(quote, user));
  const update = useUpdateQuoteMutation();
  const { failure, clear, fail } = useQuoteSubmitFailure(wizard, 'edit');

  function submit(body: QuoteInput) {
    clear();
    update.mutate(
      { id: quote._id, body },
      {
        onSuccess: (saved) => {
          toast.success(`Devis ${saved.numero} modifié`);
          navigate(quoteDetailPath(saved._id));
        },
        onError: fail,
      },
    );
  }

  return (
    <QuoteWizard
      wizard={wizard}
      numero={quote.numero}
      dateEmission={quote.dateEmission}
      mentionsLoading={false}
      submitLabel="Enregistrer les modifications"
      submitting={update.isPending}
      failure={failure}
      onSubmit={submit}
    />
  );
}
