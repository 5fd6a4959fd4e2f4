import type { ReactNode } from 'react';
import { cn } from '../../components/ui/cn';

/** One headline figure: its name, the amount, and a line saying what it counts. */
export function FigureCard({
  label,
  value,
  detail,
  tone = 'plain',
}: {
  label: string;
  value: string;
  detail?: ReactNode;
  tone?: 'plain' | 'alert';
}) {
  return (
    <div
      className={cn(
        'rounded-lg border bg-white p-3 sm:p-4',
        tone === 'alert' ? 'border-red-300 bg-red-50' : 'border-slate-200',
      )}
    >
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums break-words text-slate-900 sm:text-2xl">
        {value}
      </dd>
      {detail && <dd className="mt-1 text-xs text-slate-600">{detail}</dd>}
    </div>
  );
}
