import { LIFE_FILTER_LABELS, LIFE_FILTERS, type LifeFilter } from '@facturo/shared';
import { Link, useSearchParams } from 'react-router';
import { cn } from '../../../components/ui/cn';

/**
 * The list's life filters (?status=): brouillons, envoyées, partiellement payées, contestées, en retard,
 * payées, annulées, each with its count under the other filters (the totals' `parStatut`). Links, as the
 * type filter: the choice lives in the address; the one chosen again goes back to every invoice.
 */
export function LifeFilterBar({
  current,
  counts,
}: {
  current: LifeFilter | null;
  counts: Record<string, number> | undefined;
}) {
  const [searchParams] = useSearchParams();
  const linkTo = (filter: LifeFilter) => {
    const params = new URLSearchParams(searchParams);
    if (filter === current) params.delete('status');
    else params.set('status', filter);
    return { search: params.toString() };
  };
  return (
    <nav aria-label="Filtrer par état" className="flex flex-wrap items-center gap-2">
      {LIFE_FILTERS.map((filter) => {
        const active = filter === current;
        const count = counts?.[filter];
        return (
          <Link
            key={filter}
            to={linkTo(filter)}
            replace
            aria-current={active ? true : undefined}
            className={cn(
              'inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium ring-1 ring-inset transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
              active
                ? 'bg-indigo-50 text-indigo-800 ring-indigo-300'
                : 'bg-white text-slate-700 ring-slate-300 hover:text-slate-900',
            )}
          >
            {LIFE_FILTER_LABELS[filter]}
            {count !== undefined && <span className="tabular-nums">({count})</span>}
          </Link>
        );
      })}
    </nav>
  );
}
