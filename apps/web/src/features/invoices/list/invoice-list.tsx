import type { InvoiceListItem } from '@facturo/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { FileX } from 'lucide-react';
import { LoadError } from '../../../components/ui/load-error';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { formatSignedEuros, listTotalCents, signedEuros } from '../document-kind';
import { INVOICES_LOAD_ERROR } from '../error-messages';
import { InvoiceRow } from './invoice-row';
import { counterpartName, sortNewestFirst } from './invoice-rows';

export const NO_INVOICES_TEXT = 'Aucune facture trouvée';

/** One list of the page (Envoi, Réception, or a particulier's received invoices) in its four states. */
export function InvoiceList({ query }: { query: UseQueryResult<InvoiceListItem[]> }) {
  if (query.isPending) {
    return <LoadingStatus>Chargement des factures...</LoadingStatus>;
  }
  if (query.isError) {
    return <LoadError message={INVOICES_LOAD_ERROR} query={query} />;
  }
  if (query.data.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
        <FileX className="mx-auto size-10 text-slate-400" aria-hidden="true" />
        <p className="mt-3 text-slate-700">{NO_INVOICES_TEXT}</p>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <ul className="space-y-3">
        {sortNewestFirst(query.data).map((invoice) => (
          <InvoiceRow
            key={invoice._id}
            invoice={invoice}
            party={counterpartName(invoice)}
            amount={formatSignedEuros(signedEuros(invoice, invoice.montantTTC))}
          />
        ))}
      </ul>
      <ListTotal invoices={query.data} />
    </div>
  );
}

/** The list's sum (issue 15): credit notes count negative, cancelled invoices not at all. */
function ListTotal({ invoices }: { invoices: readonly InvoiceListItem[] }) {
  const count = invoices.length;
  return (
    <p className="flex justify-end gap-2 px-4 text-sm text-slate-700">
      <span>
        {count} document{count > 1 ? 's' : ''} · Total TTC :
      </span>
      <span className="font-semibold text-slate-900 tabular-nums" data-testid="list-total">
        {formatSignedEuros(listTotalCents(invoices) / 100)}
      </span>
    </p>
  );
}
