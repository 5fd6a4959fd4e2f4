import type { Quote, QuoteInput, User } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { LoadError } from '../../../components/ui/load-error';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useSession } from '../../../lib/session';
import { describeSubmitError, isNotFound } from '../../invoices/error-messages';
import { draftFromQuote } from '../../invoices/wizard/draft';
import { InvoiceWizard } from '../../invoices/wizard/invoice-wizard';
import { useInvoiceWizard } from '../../invoices/wizard/use-invoice-wizard';
import { quoteQueryOptions, useUpdateQuoteMutation } from '../api';
import {
  QUOTE_LOAD_ERROR,
  QUOTE_LOCKED_EXPLANATION,
  QUOTE_NOT_FOUND,
  QUOTE_UPDATE_ERROR,
  QUOTES_PATH,
  quoteDetailPath,
} from '../messages';
import { QuotePageFrame, WizardCard } from './quote-page-frame';

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
  const [failure, setFailure] = useState<string | null>(null);

  function submit(body: QuoteInput) {
    setFailure(null);
    update.mutate(
      { id: quote._id, body },
      {
        onSuccess: (saved) => {
          toast.success(`Devis ${saved.numero} modifié`);
          navigate(quoteDetailPath(saved._id));
        },
        onError: (error) => {
          const described = describeSubmitError(error, 'edit');
          setFailure(described.kind === 'message' ? described.message : QUOTE_UPDATE_ERROR);
          if (described.kind === 'message' && described.step) wizard.setStep(described.step);
        },
      },
    );
  }

  return (
    <WizardCard>
      <InvoiceWizard
        kind="devis"
        wizard={wizard}
        numero={quote.numero}
        dateEmission={quote.dateEmission}
        mentionsLoading={false}
        submitLabel="Enregistrer les modifications"
        submitting={update.isPending}
        submitError={failure && <Alert variant="error">{failure}</Alert>}
        onSubmit={submit}
        layout="page"
      />
    </WizardCard>
  );
}
