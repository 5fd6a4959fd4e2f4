import type { UsageHistory } from '@facturo/shared';
import { formatCount } from './format';

const monthName = new Intl.DateTimeFormat('fr-FR', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** "nov. 26" from "2026-11". */
export function formatMonth(mois: string): string {
  const [year, month] = mois.split('-').map(Number);
  if (!year || !month) return mois;
  return monthName.format(new Date(Date.UTC(year, month - 1, 1)));
}

const SERIES = [
  { key: 'factures', label: 'Factures', colour: 'fill-indigo-600' },
  { key: 'clients', label: 'Clients', colour: 'fill-emerald-600' },
  { key: 'emails', label: 'E-mails', colour: 'fill-amber-500' },
] as const;

const BAR = 8;
const GROUP = SERIES.length * BAR + 20;
const HEIGHT = 80;

/**
 * Invoices, clients and e-mails per month as small grouped bars. The drawing is decoration for sighted
 * readers; the same figures are in the table below it, which is what a screen reader reads.
 */
export function UsageHistoryChart({ history }: { history: UsageHistory }) {
  if (history.length === 0) return <p className="text-sm text-slate-600">Aucune activité enregistrée.</p>;
  const max = Math.max(1, ...history.flatMap((m) => [m.factures, m.clients, m.emails]));
  const width = history.length * GROUP;
  return (
    <div className="space-y-3">
      <div aria-hidden="true" className="space-y-1">
        <svg
          aria-hidden="true"
          viewBox={`-8 0 ${width + 8} ${HEIGHT + 14}`}
          className="h-28 w-full max-w-md"
          preserveAspectRatio="xMinYMax meet"
        >
          {history.map((month, i) =>
            SERIES.map((serie, j) => {
              const value = month[serie.key];
              const h = (value / max) * HEIGHT;
              return (
                <rect
                  key={`${month.mois}-${serie.key}`}
                  x={i * GROUP + j * BAR}
                  y={HEIGHT - h}
                  width={BAR - 1}
                  height={Math.max(h, value > 0 ? 1 : 0)}
                  className={serie.colour}
                />
              );
            }),
          )}
          {history.map((month, i) => (
            <text
              key={month.mois}
              x={i * GROUP + (SERIES.length * BAR) / 2}
              y={HEIGHT + 11}
              textAnchor="middle"
              className="fill-slate-600 text-[8px]"
            >
              {formatMonth(month.mois)}
            </text>
          ))}
        </svg>
        <p className="flex flex-wrap gap-3 text-xs text-slate-700">
          {SERIES.map((serie) => (
            <span key={serie.key} className="inline-flex items-center gap-1">
              <svg viewBox="0 0 8 8" className="size-2.5" aria-hidden="true">
                <rect width="8" height="8" className={serie.colour} />
              </svg>
              {serie.label}
            </span>
          ))}
        </p>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-indigo-700">Voir les chiffres</summary>
        <div className="mt-2">
          <table className="min-w-full text-left">
            <caption className="sr-only">Activité par mois</caption>
            <thead className="text-slate-700">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Mois
                </th>
                {SERIES.map((serie) => (
                  <th key={serie.key} scope="col" className="py-1 pr-3 font-medium">
                    {serie.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {history.map((month) => (
                <tr key={month.mois}>
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {formatMonth(month.mois)}
                  </th>
                  {SERIES.map((serie) => (
                    <td key={serie.key} className="py-1 pr-3 tabular-nums">
                      {formatCount(month[serie.key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
