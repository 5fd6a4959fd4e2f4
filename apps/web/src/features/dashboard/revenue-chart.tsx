import { formatEuros, type MonthFigures, monthLabel } from '@facturo/shared';
import { lazy, Suspense } from 'react';
import { LoadingStatus } from '../../components/ui/loading-status';

/** Recharts is only downloaded by this page, after its figures: no other page pays for it. */
const RevenueBars = lazy(() => import('./revenue-bars'));

/** Invoiced vs collected over twelve months: bars for the eye, the same figures in a table for everyone. */
export function RevenueChart({ months }: { months: MonthFigures[] }) {
  return (
    <section
      aria-labelledby="revenue-chart-title"
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="revenue-chart-title" className="text-base font-semibold text-slate-900">
        Facturé et encaissé sur 12 mois
      </h2>
      <div aria-hidden="true" className="mt-3" data-testid="revenue-bars">
        <Suspense fallback={<LoadingStatus>Chargement du graphique...</LoadingStatus>}>
          <RevenueBars months={months} />
        </Suspense>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-indigo-700">Voir les chiffres</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="min-w-full text-left">
            <caption className="sr-only">Montants facturés et encaissés par mois, sur 12 mois</caption>
            <thead className="text-slate-700">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Mois
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">
                  Facturé
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Encaissé
                </th>
              </tr>
            </thead>
            <tbody>
              {months.map((month) => (
                <tr key={month.mois}>
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {monthLabel(month.mois)}
                  </th>
                  <td className="py-1 pr-3 text-right tabular-nums">{formatEuros(month.facture)}</td>
                  <td className="py-1 text-right tabular-nums">{formatEuros(month.encaisse)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
