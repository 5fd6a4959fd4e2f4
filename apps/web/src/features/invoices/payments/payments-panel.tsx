import type { Invoice } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useReadOnlyArchive } from '../../account-archive/archive-access';
import { AmountDueSummary } from './amount-due-summary';
import { PaymentForm } from './payment-form';
import { PaymentList } from './payment-list';
import { invoicePaymentsQueryOptions } from './payments-api';

const PAYMENTS_LOAD_ERROR = 'Erreur lors du chargement des paiements';

/**
 * « Paiements » on an invoice or deposit (issue 17): paid, due, late, and the payments themselves. The
 * issuer records one (partial allowed) once the invoice went out, answers the client's declarations and
 * deletes a mistake; the recipient reads. A credit note takes no payment: no panel.
 */
export function PaymentsPanel({ invoice }: { invoice: Invoice }) {
  const headingId = useId();
  const formId = useId();
  const [adding, setAdding] = useState(false);
  const payments = useQuery(invoicePaymentsQueryOptions(invoice._id));
  const readOnly = useReadOnlyArchive();
  if (invoice.type === 'avoir') return null;
  const isIssuer = invoice.role === 'emetteur';
  const open = invoice.statutEmetteur !== 'annulee';
  const canRecord = isIssuer && open && !readOnly && invoice.envoyeeLe !== null && invoice.resteAPayer > 0;

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          Paiements
        </h2>
        {canRecord && !adding && (
          <Button
            variant="secondary"
            aria-expanded={false}
            aria-controls={formId}
            onClick={() => setAdding(true)}
          >
            <Plus className="size-4" aria-hidden="true" />
            Enregistrer un paiement
          </Button>
        )}
      </div>
      <AmountDueSummary invoice={invoice} />
      {adding && canRecord && (
        <div id={formId} className="rounded-lg bg-slate-50 p-3 sm:p-4">
          <PaymentForm
            invoiceId={invoice._id}
            remaining={invoice.resteAPayer}
            onDone={() => setAdding(false)}
          />
        </div>
      )}
      {payments.isPending ? (
        <LoadingStatus>Chargement des paiements...</LoadingStatus>
      ) : payments.isError ? (
        <LoadError message={PAYMENTS_LOAD_ERROR} query={payments} />
      ) : (
        <PaymentList
          invoiceId={invoice._id}
          payments={payments.data.paiements}
          isIssuer={isIssuer}
          canEdit={isIssuer && open && !readOnly}
        />
      )}
    </section>
  );
}
