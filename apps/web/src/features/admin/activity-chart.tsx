import { formatCount } from './format';

export interface ChartSeries<K extends string> {
  key: K;
  label: string;
  /** A Tailwind fill class. */
  colour: string;
}

interface ActivityChartProps<K extends string> {
  points: Array<{ periode: string } & Record<K, number>>;
  series: ReadonlyArray<ChartSeries<K>>;
  formatPeriod: (periode: string) => string;
  /** The table's caption, also the name of the figures for a screen reader. */
  caption: string;
  /** Every n-th period is labelled under the bars, so 30 days stay readable. */
  labelEvery?: number;
}

const BAR = 8;
const HEIGHT = 80;

/**
 * Grouped bars per period. The drawing is for sighted readers only (aria-hidden); the same figures are in
 * the table under « Voir les chiffres », which is what a screen reader reads.
 */
export function ActivityChart<K extends string>({
  points,
  series,
  formatPeriod,
  caption,
  labelEvery = 1,
}: ActivityChartProps<K>) {
  if (points.length === 0) return <p className="text-sm text-slate-600">Aucune activité enregistrée.</p>;
  const group = series.length * BAR + 8;
  const inset = (group - series.length * BAR) / 2;
  const max = Math.max(1, ...points.flatMap((point) => series.map((serie) => point[serie.key])));
  const width = points.length * group;
  return (
    <div className="space-y-3">
      <div aria-hidden="true" className="space-y-1">
        {/* Stretched to the width available: only the bars' widths change, the labels stay HTML text. */}
        <svg
          aria-hidden="true"
          viewBox={`0 0 ${width} ${HEIGHT}`}
          className="h-24 w-full"
          preserveAspectRatio="none"
        >
          {points.map((point, i) =>
            series.map((serie, j) => {
              const value = point[serie.key];
              const h = (value / max) * HEIGHT;
              return (
                <rect
                  key={`${point.periode}-${serie.key}`}
                  x={i * group + inset + j * BAR}
                  y={HEIGHT - h}
                  width={BAR - 1}
                  height={Math.max(h, value > 0 ? 1 : 0)}
                  className={serie.colour}
                />
              );
            }),
          )}
        </svg>
        <div
          className="grid text-center text-[11px] text-slate-600"
          style={{ gridTemplateColumns: `repeat(${points.length}, minmax(0, 1fr))` }}
        >
          {points.map((point, i) => (
            <span key={point.periode} className="overflow-visible whitespace-nowrap">
              {i % labelEvery === 0 ? formatPeriod(point.periode) : ''}
            </span>
          ))}
        </div>
        <p className="flex flex-wrap gap-3 text-xs text-slate-700">
          {series.map((serie) => (
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
            <caption className="sr-only">{caption}</caption>
            <thead className="text-slate-700">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Période
                </th>
                {series.map((serie) => (
                  <th key={serie.key} scope="col" className="py-1 pr-3 font-medium">
                    {serie.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.periode}>
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {formatPeriod(point.periode)}
                  </th>
                  {series.map((serie) => (
                    <td key={serie.key} className="py-1 pr-3 tabular-nums">
                      {formatCount(point[serie.key])}
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
