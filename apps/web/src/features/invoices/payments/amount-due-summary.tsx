import { formatEuros, type Invoice } from '@facturo/shared';
import { OverdueBadge } from '../list/overdue-badge';

/** Paid, still due, and how late (issue 17): the same three figures for the issuer and the recipient. */
export function AmountDueSummary({ invoice }: { invoice: Invoice }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-center sm:gap-x-8">
      <div>
        <dt className="text-xs text-slate-600">Payé</dt>
        <dd className="text-base font-semibold text-slate-900 tabular-nums">
          {formatEuros(invoice.montantPaye)}
        </dd>
      </div>
      <div>
        <dt className="text-xs text-slate-600">Reste à payer</dt>
        <dd className="text-base font-semibold text-slate-900 tabular-nums">
          {formatEuros(invoice.resteAPayer)}
        </dd>
      </div>
      {invoice.enRetard && (
        <div className="col-span-2">
          <dt className="sr-only">Retard</dt>
          <dd>
            <OverdueBadge days={invoice.joursRetard} />
          </dd>
        </div>
      )}
    </dl>
  );
}
