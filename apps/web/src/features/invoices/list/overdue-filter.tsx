import { OVERDUE_FILTER } from '@facturo/shared';
import { Clock } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { cn } from '../../../components/ui/cn';

/**
 * « En retard » (issue 17): a link that keeps the late invoices only (?status=en_retard), and back. A link,
 * as the type filter: the choice lives in the address. `count` is the totals' late count (SQL).
 */
export function OverdueFilter({ active, count }: { active: boolean; count: number | undefined }) {
  const [searchParams] = useSearchParams();
  const params = new URLSearchParams(searchParams);
  if (active) params.delete('status');
  else params.set('status', OVERDUE_FILTER);
  return (
    <Link
      to={{ search: params.toString() }}
      replace
      aria-current={active ? true : undefined}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium ring-1 ring-inset transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        active
          ? 'bg-red-50 text-red-800 ring-red-300'
          : 'bg-white text-slate-700 ring-slate-300 hover:text-slate-900',
      )}
    >
      <Clock className="size-4" aria-hidden="true" />
      En retard
      {count !== undefined && <span className="tabular-nums">({count})</span>}
    </Link>
  );
}
