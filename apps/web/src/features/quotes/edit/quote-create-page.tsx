import type { QuoteInput, User } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useSession } from '../../../lib/session';
import { todayIso } from '../../invoices/dates';
import { DUPLICATE_PARAM } from '../../invoices/wizard/creation-context';
import { duplicateDraft, newDraft } from '../../invoices/wizard/draft';
import { useFillOnce, useSavedMentions } from '../../invoices/wizard/use-draft-prefill';
import { useInvoiceWizard } from '../../invoices/wizard/use-invoice-wizard';
import { quoteNumberingQueryOptions, quoteQueryOptions, useCreateQuoteMutation } from '../api';
import { QUOTES_PATH, quoteDetailPath } from '../messages';
import { QuotePageFrame } from './quote-page-frame';
import { QuoteWizard, useQuoteSubmitFailure } from './quote-wizard';

/**
 * /devis/create (issue 15): the invoice's wizard, same steps, writing a quote (validity date instead of
 * the term). /devis/create?depuis=<quoteId> starts from that quote's client and lines; its number is
 * only taken when « Générer le devis » is confirmed.
 */
export function QuoteCreatePage() {
  const { user } = useSession();
  const [searchParams] = useSearchParams();
  const source = searchParams.get(DUPLICATE_PARAM);
  return (
    <QuotePageFrame back={QUOTES_PATH} backLabel="Devis" title="Nouveau devis">
      {user && <CreateWizard key={source ?? 'new'} user={user} source={source} />}
    </QuotePageFrame>
  );
}

function CreateWizard({ user, source }: { user: User; source: string | null }) {
  const navigate = useNavigate();
  const [dateEmission] = useState(todayIso);
  const wizard = useInvoiceWizard(() => newDraft(user, dateEmission));
  const duplicated = useQuery({ ...quoteQueryOptions(source ?? ''), enabled: source !== null });
  useFillOnce(duplicated.data, (quote) => wizard.form.reset(duplicateDraft(quote, user, dateEmission)));
  const mentionsLoading = useSavedMentions(wizard.form, user, source !== null);
  const numbering = useQuery(quoteNumberingQueryOptions());
  const numero = numbering.data?.prochainNumero;
  const create = useCreateQuoteMutation();
  const { failure, clear, fail } = useQuoteSubmitFailure(wizard, 'create');

  function submit(input: QuoteInput) {
    clear();
    create.mutate(input, {
      onSuccess: (quote) => {
        toast.success(`Devis ${quote.numero} créé`);
        navigate(quoteDetailPath(quote._id));
      },
      onError: fail,
    });
  }

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        {numero ? (
          <>
            Prochain devis : <span className="font-medium text-slate-900 tabular-nums">{numero}</span>
          </>
        ) : (
          'Le numéro du devis sera attribué à sa création.'
        )}
      </p>
      <QuoteWizard
        wizard={wizard}
        numero={numero ?? 'DEV-…'}
        dateEmission={dateEmission}
        mentionsLoading={mentionsLoading}
        submitLabel="Générer le devis"
        submitting={create.isPending}
        failure={failure}
        onSubmit={submit}
      />
    </div>
  );
}
