import { cn } from '../../components/ui/cn';
import { CLIENT_FILTER_LABELS, CLIENT_FILTERS, type ClientFilter } from './client-filters';

interface ClientFilterChipsProps {
  value: ClientFilter;
  onChange: (filter: ClientFilter) => void;
}

/** Tous / Particuliers / Entreprises (SPEC §2): toggle buttons, the pressed one being the active filter. */
export function ClientFilterChips({ value, onChange }: ClientFilterChipsProps) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">Filtrer les clients</legend>
      {CLIENT_FILTERS.map((filter) => {
        const active = filter === value;
        return (
          <button
            key={filter}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(filter)}
            className={cn(
              'h-8 rounded-full border px-3.5 text-sm font-medium transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
              active
                ? 'border-indigo-600 bg-indigo-600 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100',
            )}
          >
            {CLIENT_FILTER_LABELS[filter]}
          </button>
        );
      })}
    </fieldset>
  );
}
