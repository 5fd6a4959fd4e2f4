import type { InvoiceListItem, InvoiceListTotals } from '@facturo/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { FileX } from 'lucide-react';
import { PagedVirtualList } from '../../../components/list/paged-virtual-list';
import { LoadError } from '../../../components/ui/load-error';
import { LoadingStatus } from '../../../components/ui/loading-status';
import type { PagedList } from '../../../lib/paged-list';
import { partyWithState } from '../../counterpart/counterpart-badge';
import { formatSignedEuros, signedEuros } from '../document-kind';
import { INVOICES_LOAD_ERROR } from '../error-messages';
import { InvoiceRow } from './invoice-row';
import { counterpartName } from './invoice-rows';
import { invoicesCountText, noInvoicesText, totalLineText } from './list-texts';

interface InvoiceListProps {
  list: PagedList<InvoiceListItem>;
  totals: UseQueryResult<InvoiceListTotals>;
  /** The search the list answers, to say so when it finds nothing. */
  search: string;
}

/**
 * One list of the page (Envoi, Réception, or a particulier's received invoices) in its four states; the
 * rows a page at a time (issue 16), the figures of the whole list from the server.
 */
export function InvoiceList({ list, totals, search }: InvoiceListProps) {
  const { query, items } = list;
  if (query.isPending) {
    return <LoadingStatus>Chargement des factures...</LoadingStatus>;
  }
  if (query.isError) {
    return <LoadError message={INVOICES_LOAD_ERROR} query={query} />;
  }
  if (items.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
        <FileX className="mx-auto size-10 text-slate-400" aria-hidden="true" />
        <p className="mt-3 text-slate-700">{noInvoicesText(search)}</p>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      {totals.data && <ListTotal totals={totals.data} />}
      <PagedVirtualList
        list={list}
        getKey={(invoice) => invoice._id}
        renderItem={(invoice) => (
          <InvoiceRow
            invoice={invoice}
            party={partyWithState(counterpartName(invoice), invoice.contrepartie)}
            amount={formatSignedEuros(signedEuros(invoice, invoice.montantTTC))}
          />
        )}
        countText={invoicesCountText}
        estimateRowHeight={110}
        gap={12}
        className="flex flex-col gap-3"
      />
    </div>
  );
}

/**
 * The list's figures (issue 15), for every page and not only those loaded: credit notes count negative,
 * cancelled invoices not at all (the server's aggregate). Above the rows, where a long list still shows it.
 */
function ListTotal({ totals }: { totals: InvoiceListTotals }) {
  return (
    <p className="flex justify-end gap-2 px-4 text-sm text-slate-700">
      <span>{totalLineText(totals.nombre)}</span>
      <span className="font-semibold text-slate-900 tabular-nums" data-testid="list-total">
        {formatSignedEuros(totals.totalTTC)}
      </span>
    </p>
  );
}
