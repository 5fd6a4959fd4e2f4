import { type DueInvoice, formatEuros } from '@facturo/shared';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { frenchDate, lateLabel } from './format';

/** The unpaid invoices that fall due first, each a link to its page; late ones say by how many days. */
export function DueInvoices({ invoices, titleId }: { invoices: DueInvoice[]; titleId: string }) {
  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        Prochaines échéances
      </h2>
      {invoices.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Aucune facture en attente de paiement.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {invoices.map((invoice) => (
            <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <Link to={`/factures/${invoice.id}`} className="font-medium text-indigo-700 underline">
                  {invoice.numero}
                </Link>
                <p className="truncate text-sm text-slate-700">{invoice.contrepartie}</p>
              </div>
              <div className="text-right text-sm">
                <p className="font-semibold tabular-nums text-slate-900">
                  {formatEuros(invoice.resteAPayer)}
                </p>
                <p className="text-slate-700">
                  {invoice.joursRetard > 0 ? (
                    <Badge tone="red">{lateLabel(invoice.joursRetard)}</Badge>
                  ) : (
                    <>Échéance le {frenchDate(invoice.dateEcheance)}</>
                  )}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
