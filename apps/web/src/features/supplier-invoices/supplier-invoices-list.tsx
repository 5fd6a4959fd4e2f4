import { formatEuros, type SupplierInvoiceSummary } from '@facturo/shared';
import { Link } from 'react-router';
import { formatDateFr } from '../invoices/dates';
import { SupplierInvoiceStatusBadge } from './supplier-invoice-status-badge';

const detailPath = (invoice: SupplierInvoiceSummary) => `/factures-fournisseurs/${invoice._id}`;

/** The received invoices, newest first: a table from 768 px, cards below. */
export function SupplierInvoicesList({ invoices }: { invoices: SupplierInvoiceSummary[] }) {
  return (
    <>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Factures fournisseurs reçues, les plus récentes d’abord</caption>
          <thead className="border-b border-slate-200 text-slate-700">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Fournisseur
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Numéro
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Émise le
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Échéance
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                TTC
              </th>
              <th scope="col" className="py-2 font-medium">
                Statut
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {invoices.map((invoice) => (
              <tr key={invoice._id}>
                <td className="py-2 pr-3">
                  <Link
                    to={detailPath(invoice)}
                    className="font-medium text-indigo-700 underline-offset-2 hover:underline"
                  >
                    {invoice.fournisseur}
                  </Link>
                </td>
                <td className="py-2 pr-3">{invoice.numero}</td>
                <td className="py-2 pr-3">{formatDateFr(invoice.dateEmission)}</td>
                <td className="py-2 pr-3">
                  {invoice.dateEcheance ? formatDateFr(invoice.dateEcheance) : '—'}
                </td>
                <td className="py-2 pr-3 text-right tabular-nums">{formatEuros(invoice.montantTTC)}</td>
                <td className="py-2">
                  <SupplierInvoiceStatusBadge status={invoice.statut} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 md:hidden">
        {invoices.map((invoice) => (
          <li key={invoice._id} className="rounded-lg border border-slate-200 p-4">
            <div className="flex items-start justify-between gap-2">
              <Link
                to={detailPath(invoice)}
                className="font-medium text-indigo-700 underline-offset-2 hover:underline"
              >
                {invoice.fournisseur}
              </Link>
              <SupplierInvoiceStatusBadge status={invoice.statut} />
            </div>
            <p className="mt-1 text-sm text-slate-600">
              {invoice.numero} · {formatDateFr(invoice.dateEmission)}
            </p>
            <p className="mt-1 font-medium tabular-nums text-slate-900">{formatEuros(invoice.montantTTC)}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
