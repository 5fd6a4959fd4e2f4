import { useQuery } from '@tanstack/react-query';
import { PagedVirtualList } from '../../components/list/paged-virtual-list';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { usePagedList } from '../../lib/paged-list';
import { clientInvoicesQueryOptions, clientInvoicesTotalsQueryOptions } from './api';
import { formatSignedEuros, signedEuros } from './document-kind';
import { CLIENT_INVOICES_LOAD_ERROR } from './error-messages';
import { InvoiceRow } from './list/invoice-row';
import { amountBeforeTax } from './list/invoice-rows';
import { invoicesCountText } from './list/list-texts';

/**
 * "Factures (count)" of a client's detail (SPEC §2 Clients): that client's invoices, newest first, a page
 * at a time (issue 16), the amount before tax; each row opens the invoice. The count is the server's,
 * for every page.
 */
export function ClientInvoicesSection({ clientId }: { clientId: string }) {
  const list = usePagedList(clientInvoicesQueryOptions(clientId));
  const totals = useQuery(clientInvoicesTotalsQueryOptions(clientId));
  const { query, items } = list;
  // The figures route, else the list's own count (x-total-count), once either has answered.
  const count = totals.data?.nombre ?? list.total;

  return (
    <section aria-labelledby="client-factures" className="space-y-3">
      <h2 id="client-factures" className="text-base font-semibold text-slate-900">
        Factures{count !== undefined && ` (${count})`}
      </h2>
      {query.isPending ? (
        <LoadingStatus>Chargement des factures...</LoadingStatus>
      ) : query.isError ? (
        <LoadError message={CLIENT_INVOICES_LOAD_ERROR} query={query} />
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-slate-700">
          Aucune facture trouvée pour ce client.
        </p>
      ) : (
        <PagedVirtualList
          list={list}
          getKey={(invoice) => invoice._id}
          renderItem={(invoice) => (
            <InvoiceRow
              invoice={invoice}
              party={invoice.client.nom}
              amount={`${formatSignedEuros(signedEuros(invoice, amountBeforeTax(invoice)))} HT`}
            />
          )}
          countText={invoicesCountText}
          estimateRowHeight={110}
          gap={12}
          className="flex flex-col gap-3"
        />
      )}
    </section>
  );
}
