import { DOCUMENT_MESSAGES, type Invoice, type InvoiceInput, type User } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Lock } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { LoadError } from '../../../components/ui/load-error';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { TextLink } from '../../../components/ui/text-link';
import { useSession } from '../../../lib/session';
import { invoiceQueryOptions, useUpdateInvoiceMutation } from '../api';
import {
  describeSubmitError,
  INVOICE_LOAD_ERROR,
  INVOICE_NOT_FOUND,
  INVOICE_UPDATE_ERROR,
  isNotFound,
  LOCKED_EXPLANATION,
} from '../error-messages';
import { draftFromInvoice } from '../wizard/draft';
import { InvoiceWizard } from '../wizard/invoice-wizard';
import { useInvoiceWizard } from '../wizard/use-invoice-wizard';

const detailPath = (id: string) => `/factures/${encodeURIComponent(id)}`;

function PageFrame({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <title>{`${title} · Facturo`}</title>
      <Link
        to={id ? detailPath(id) : '/factures'}
        className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-slate-700 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Retour à la facture
      </Link>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
      {children}
    </div>
  );
}

/**
 * /factures/{id}/edit (SPEC §2): the creation wizard, prefilled, saving with a full PUT. Only while the
 * invoice is unlocked (DESIGN §5); a sent or paid one shows why it cannot be changed.
 */
export function InvoiceEditPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const invoice = useQuery(invoiceQueryOptions(id));

  if (invoice.isPending) {
    return (
      <PageFrame id={id} title="Modifier la facture">
        <LoadingStatus>Chargement de la facture...</LoadingStatus>
      </PageFrame>
    );
  }
  if (invoice.isError) {
    return isNotFound(invoice.error) ? (
      <PageFrame id="" title={INVOICE_NOT_FOUND}>
        <p className="text-slate-700">
          Cette facture n'existe pas ou ne vous est pas accessible.{' '}
          <TextLink to="/factures">Retour à la liste des factures</TextLink>
        </p>
      </PageFrame>
    ) : (
      <PageFrame id={id} title="Modifier la facture">
        <LoadError message={INVOICE_LOAD_ERROR} query={invoice} />
      </PageFrame>
    );
  }

  const data = invoice.data;
  const title = `Modifier la facture ${data.numero}`;
  // Issue 15: a credit note is final, sent or not.
  const creditNote = data.type === 'avoir';
  if (data.role !== 'emetteur' || data.verrouillee || creditNote || !user) {
    return (
      <PageFrame id={id} title={title}>
        <p className="flex items-start gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {data.role !== 'emetteur'
            ? "Seul l'émetteur d'une facture peut la modifier."
            : creditNote
              ? DOCUMENT_MESSAGES.creditNoteLocked
              : LOCKED_EXPLANATION}
        </p>
      </PageFrame>
    );
  }
  return (
    <PageFrame id={id} title={title}>
      {/* Keyed by invoice: the form is filled once, from the copy that was loaded. */}
      <EditWizard key={data._id} invoice={data} user={user} />
    </PageFrame>
  );
}

function EditWizard({ invoice, user }: { invoice: Invoice; user: User }) {
  const navigate = useNavigate();
  const wizard = useInvoiceWizard(() => draftFromInvoice(invoice, user));
  const update = useUpdateInvoiceMutation();
  const [failure, setFailure] = useState<string | null>(null);

  function submit(body: InvoiceInput) {
    setFailure(null);
    update.mutate(
      { id: invoice._id, body },
      {
        onSuccess: (saved) => {
          toast.success(`Facture ${saved.numero} modifiée`);
          navigate(detailPath(saved._id));
        },
        onError: (error) => {
          const described = describeSubmitError(error, 'edit');
          // An edit never meets the creation quota; any refusal is said in words.
          setFailure(described.kind === 'message' ? described.message : INVOICE_UPDATE_ERROR);
          // A missing address or SIREN is typed in at the step that asks for it.
          if (described.kind === 'message' && described.step) wizard.setStep(described.step);
        },
      },
    );
  }

  return (
    <div className="rounded-xl border border-slate-200 bg-white px-4 sm:px-6">
      <InvoiceWizard
        wizard={wizard}
        numero={invoice.numero}
        dateEmission={invoice.dateEmission}
        mentionsLoading={false}
        submitLabel="Enregistrer les modifications"
        submitting={update.isPending}
        submitError={failure && <Alert variant="error">{failure}</Alert>}
        onSubmit={submit}
        layout="page"
      />
    </div>
  );
}
