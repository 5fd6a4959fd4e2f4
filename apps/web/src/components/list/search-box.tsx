import { Search, X } from 'lucide-react';
import { type KeyboardEvent, useId } from 'react';
import type { UrlSearch } from '../../lib/use-url-search';
import { cn } from '../ui/cn';
import { inputClasses } from '../ui/input';

interface SearchBoxProps {
  /** The accessible name, e.g. « Rechercher une facture ». */
  label: string;
  /** What can be searched, shown while empty: « Numéro, client ou objet ». */
  placeholder: string;
  /** The search it edits (useUrlSearch): the typed text, and how to change or empty it. */
  search: Pick<UrlSearch, 'text' | 'setText' | 'clear'>;
  className?: string;
}

/**
 * A list's search field: a search landmark with a labelled input, Escape empties it (and only then lets
 * Escape through to whatever else listens), and a clear button for pointer users.
 */
export function SearchBox({ label, placeholder, search, className }: SearchBoxProps) {
  const id = useId();
  const { text: value, setText: onChange, clear: onClear } = search;
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape' && value !== '') {
      event.preventDefault();
      event.stopPropagation();
      onClear();
    }
  }
  return (
    <search className={cn('relative w-full sm:max-w-xs', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
      <input
        id={id}
        // Not type="search": its own Escape and clear button would do half of this, differently per browser.
        type="text"
        inputMode="search"
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        className={cn(inputClasses, 'pr-9 pl-9')}
      />
      {value !== '' && (
        <button
          type="button"
          onClick={onClear}
          aria-label="Effacer la recherche"
          title="Effacer la recherche"
          className="absolute top-1/2 right-2 flex size-6 -translate-y-1/2 items-center justify-center rounded text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </search>
  );
}
