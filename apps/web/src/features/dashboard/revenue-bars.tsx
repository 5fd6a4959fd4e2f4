import type { MonthFigures } from '@facturo/shared';
import { formatEuros } from '@facturo/shared';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { roundEuros, shortMonth } from './format';

/** indigo-600 and emerald-700: 4.5:1 and more on white, told apart by the legend as well as the colour. */
export const SERIES = [
  { key: 'facture', label: 'Facturé', colour: '#4f46e5' },
  { key: 'encaisse', label: 'Encaissé', colour: '#047857' },
] as const;

/**
 * The drawing of the twelve months (Recharts, in this chunk only: the dashboard loads it lazily). Its parent
 * hides it from screen readers, who read the same figures in the table; so no keyboard layer either.
 */
export default function RevenueBars({ months }: { months: MonthFigures[] }) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={months} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis dataKey="mois" tickFormatter={shortMonth} tick={{ fontSize: 11, fill: '#475569' }} />
        <YAxis tickFormatter={roundEuros} tick={{ fontSize: 11, fill: '#475569' }} width={72} />
        <Tooltip
          formatter={(value) => formatEuros(Number(value))}
          labelFormatter={(label) => shortMonth(String(label))}
        />
        <Legend />
        {SERIES.map((serie) => (
          <Bar key={serie.key} dataKey={serie.key} name={serie.label} fill={serie.colour} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
