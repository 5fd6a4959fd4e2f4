import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { clientInvoicesQueryOptions } from './api';
import { formatSignedEuros, signedEuros } from './document-kind';
import { CLIENT_INVOICES_LOAD_ERROR } from './error-messages';
import { InvoiceRow } from './list/invoice-row';
import { amountBeforeTax, sortNewestFirst } from './list/invoice-rows';

/**
 * "Factures (count)" of a client's detail (SPEC §2 Clients): that client's invoices, newest first, the
 * amount before tax; each row opens the invoice.
 */
export function ClientInvoicesSection({ clientId }: { clientId: string }) {
  const invoices = useQuery(clientInvoicesQueryOptions(clientId));
  const count = invoices.data?.length;

  return (
    <section aria-labelledby="client-factures" className="space-y-3">
      <h2 id="client-factures" className="text-base font-semibold text-slate-900">
        Factures{count !== undefined && ` (${count})`}
      </h2>
      {invoices.isPending ? (
        <LoadingStatus>Chargement des factures...</LoadingStatus>
      ) : invoices.isError ? (
        <LoadError message={CLIENT_INVOICES_LOAD_ERROR} query={invoices} />
      ) : invoices.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-slate-700">
          Aucune facture trouvée pour ce client.
        </p>
      ) : (
        <ul className="space-y-3">
          {sortNewestFirst(invoices.data).map((invoice) => (
            <InvoiceRow
              key={invoice._id}
              invoice={invoice}
              party={invoice.client.nom}
              amount={`${formatSignedEuros(signedEuros(invoice, amountBeforeTax(invoice)))} HT`}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
