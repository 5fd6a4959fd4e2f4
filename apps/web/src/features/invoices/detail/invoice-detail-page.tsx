import type { Invoice } from '@facturo/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { TextLink } from '../../../components/ui/text-link';
import { useReadOnlyArchive } from '../../account-archive/archive-access';
import { CounterpartBadge, unreachableReason } from '../../counterpart/counterpart-badge';
import { ContactButton } from '../../messages/contact-button';
import { InvoiceReminders } from '../../reminders/invoice-reminders';
import { invoiceQueryOptions, invoiceStatusesQueryOptions, invoicesQueryKey } from '../api';
import { formatDateFr } from '../dates';
import { InvoiceDocument } from '../document/invoice-document';
import { useInvoiceBranding } from '../document/use-invoice-branding';
import { documentTitle } from '../document-kind';
import { LifecycleTimeline } from '../einvoicing/lifecycle-timeline';
import { INVOICE_LOAD_ERROR, INVOICE_NOT_FOUND, isNotFound } from '../error-messages';
import { LifeBadge, LifeFlags } from '../life-badge';
import { counterpartName } from '../list/invoice-rows';
import { PaymentsPanel } from '../payments/payments-panel';
import { PdfButton } from '../pdf/pdf-button';
import { IssuerActions } from './issuer-actions';
import { CreditedNotice, LinkedDocuments } from './linked-documents';
import { MarkPaidButton } from './mark-paid-button';
import { RefuseInvoiceButton } from './refuse-invoice-button';
import { sentChannelWords } from './sent-channel';

function BackToList() {
  return (
    <Link
      to="/factures"
      className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-slate-700 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Factures
    </Link>
  );
}

/**
 * /factures/{id} (SPEC §2): the number, the viewer's tools, and the printed-style invoice; a deposit or
 * a credit note (issue 15) is titled as such and shows the documents it is tied to.
 */
export function InvoiceDetailPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const invoice = useQuery(invoiceQueryOptions(id));
  const isRecipient = invoice.data?.role === 'destinataire';
  const statuses = useQuery({ ...invoiceStatusesQueryOptions(id), enabled: isRecipient });

  // Opening a received invoice marks it "vue" on the server: the lists must not keep "Non vue".
  useEffect(() => {
    if (isRecipient) void queryClient.invalidateQueries({ queryKey: [...invoicesQueryKey, 'list'] });
  }, [isRecipient, queryClient]);

  if (invoice.isPending) {
    return (
      <div className="mx-auto max-w-4xl space-y-4">
        <title>Facture · Facturo</title>
        <BackToList />
        <h1 className="sr-only">Facture</h1>
        <LoadingStatus>Chargement de la facture...</LoadingStatus>
      </div>
    );
  }
  if (invoice.isError) {
    const notFound = isNotFound(invoice.error);
    return (
      <div className="mx-auto max-w-4xl space-y-4">
        <title>{`${notFound ? INVOICE_NOT_FOUND : 'Facture'} · Facturo`}</title>
        <BackToList />
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
          {notFound ? INVOICE_NOT_FOUND : 'Facture'}
        </h1>
        {notFound ? (
          <p className="text-slate-700">
            Cette facture n'existe pas ou ne vous est pas accessible.{' '}
            <TextLink to="/factures">Retour à la liste des factures</TextLink>
          </p>
        ) : (
          <LoadError message={INVOICE_LOAD_ERROR} query={invoice} />
        )}
      </div>
    );
  }

  const data = invoice.data;
  return (
    <InvoiceDetail
      invoice={data}
      isRecipient={isRecipient}
      canMarkPaid={statuses.data?.canModifyDestinataire ?? false}
    />
  );
}

function InvoiceDetail({
  invoice: data,
  isRecipient,
  canMarkPaid,
}: {
  invoice: Invoice;
  isRecipient: boolean;
  canMarkPaid: boolean;
}) {
  const branding = useInvoiceBranding(data.role === 'emetteur');
  const title = `${documentTitle(data.type)} ${data.numero}`;
  const unreachable = unreachableReason(data.contrepartie);
  const readOnly = useReadOnlyArchive();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <title>{`${title} · Facturo`}</title>
      <div className="space-y-2">
        <BackToList />
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">{title}</h1>
          <LifeBadge life={data.cycle} />
          <LifeFlags life={data.cycle} />
        </div>
        <p className="text-sm text-slate-600">
          {isRecipient ? 'Émise par ' : 'Client : '}
          <span className="font-medium text-slate-900">{counterpartName(data)}</span>{' '}
          <CounterpartBadge counterpart={data.contrepartie} />
          {data.envoyeeLe && (
            <>
              {' '}
              · Envoyée{sentChannelWords(data.cycle.canal)} le {formatDateFr(data.envoyeeLe)}
            </>
          )}
        </p>
        <CreditedNotice invoice={data} />
      </div>

      {/* A closed account's archive: the document to read and download, nothing to send, pay or change. */}
      {readOnly && (
        <section aria-label="Actions sur la facture" className="flex flex-wrap gap-2">
          <PdfButton invoice={data} />
        </section>
      )}
      {!readOnly && data.role === 'emetteur' && <IssuerActions invoice={data} />}
      {!readOnly && isRecipient && (
        <section aria-label="Actions sur la facture" className="flex flex-wrap gap-2">
          {/* Fully credited: nothing is owed any more. */}
          {/* An issuer who left would never confirm it: the reason is said below instead. */}
          {canMarkPaid && !data.annuleeParAvoir && !unreachable && (
            <MarkPaidButton invoiceId={data._id} numero={data.numero} />
          )}
          {/* Received on Facturo and still open: the recipient may refuse it, with a reason. */}
          {data.cycle.payable && <RefuseInvoiceButton invoiceId={data._id} numero={data.numero} />}
          <PdfButton invoice={data} />
          <ContactButton invoiceId={data._id} label="Contacter l'émetteur" />
        </section>
      )}
      {unreachable && (
        <p className="text-sm text-amber-800" data-testid="contrepartie-injoignable">
          {unreachable}
        </p>
      )}

      <PaymentsPanel invoice={data} />
      {data.role === 'emetteur' && <LifecycleTimeline invoice={data} />}

      <LinkedDocuments invoice={data} />
      <InvoiceReminders invoice={data} />

      <div className="rounded-xl bg-slate-100 p-2 sm:p-6">
        <InvoiceDocument invoice={data} branding={branding} />
      </div>
    </div>
  );
}
