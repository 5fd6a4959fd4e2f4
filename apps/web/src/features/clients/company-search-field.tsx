import { COMPANY_SEARCH_MESSAGES, COMPANY_SEARCH_MIN_LENGTH, type Company } from '@facturo/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Building2, Search } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { cn } from '../../components/ui/cn';
import { inputClasses } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-error';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { SEARCH_DEBOUNCE_MS } from '../../lib/use-url-search';
import { companySearchQueryOptions } from './api';
import { companyOptionDetail } from './company-fill';

/** Marks the open input, so the modal around it lets Escape close the list instead of the modal. */
export const COMPANY_SEARCH_KEEPS_ESCAPE = '[data-company-search-open]';

/** What the field says when the search cannot answer: the form still works by hand. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status !== 503 && error.serverMessage) return error.serverMessage;
  return COMPANY_SEARCH_MESSAGES.unavailable;
}

/**
 * Issue 19: the company search of client creation (WAI-ARIA combobox with a listbox popup). Type a name,
 * SIREN or SIRET; arrows move, Enter picks, Escape closes the list. Picking hands the company to the form,
 * which fills its fields; nothing else of the form depends on this field.
 */
export function CompanySearchField({ onPick }: { onPick: (company: Company) => void }) {
  const inputId = useId();
  const listId = useId();
  const statusId = useId();
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [picked, setPicked] = useState<Company | null>(null);
  const search = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const searching = search.length >= COMPANY_SEARCH_MIN_LENGTH;
  const found = useQuery({
    ...companySearchQueryOptions(search),
    enabled: searching,
    placeholderData: keepPreviousData,
  });
  const results = searching ? (found.data?.entreprises ?? []) : [];
  const activeIndex = Math.min(active, results.length - 1);
  const optionId = (index: number) => `${listId}-option-${index}`;
  const listShown = open && results.length > 0;

  function pick(company: Company) {
    onPick(company);
    setPicked(company);
    setTyped(company.nom);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else setActive(Math.min(activeIndex + 1, results.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive(Math.max(activeIndex - 1, 0));
        break;
      case 'Enter': {
        // Enter never submits the client form from here: it picks, or does nothing.
        event.preventDefault();
        const company = results[activeIndex];
        if (listShown && company) pick(company);
        break;
      }
      case 'Escape':
        if (open) setOpen(false);
        break;
    }
  }

  const status = !searching
    ? null
    : found.isError
      ? failureText(found.error)
      : found.isPending
        ? 'Recherche…'
        : results.length === 0
          ? 'Aucune entreprise trouvée : vérifiez l’orthographe ou saisissez les informations à la main.'
          : null;

  return (
    <div className="space-y-1.5 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <label htmlFor={inputId} className="flex items-center gap-1.5 text-sm font-medium text-slate-800">
        <Building2 className="size-4 text-slate-600" aria-hidden="true" />
        Rechercher une entreprise
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <input
          id={inputId}
          type="text"
          role="combobox"
          aria-expanded={listShown}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={listShown ? optionId(activeIndex) : undefined}
          aria-describedby={statusId}
          aria-busy={found.isFetching || undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="Nom, SIREN ou SIRET"
          data-company-search-open={open ? '' : undefined}
          className={cn(inputClasses, 'pl-9')}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setActive(0);
            setOpen(true);
            setPicked(null);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {/* The listbox stays in the DOM (hidden when closed) so aria-controls always points at something. */}
        <div
          hidden={!listShown}
          className="absolute z-20 mt-1 w-full overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
        >
          <div id={listId} role="listbox" aria-label="Entreprises" className="max-h-64 overflow-y-auto py-1">
            {results.map((company, index) => (
              // The keyboard stays in the input (aria-activedescendant), which handles the arrows and Enter.
              // biome-ignore lint/a11y/useKeyWithClickEvents: see above
              <div
                key={`${company.siren}-${company.siret ?? ''}`}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={index === activeIndex}
                // Keeps the focus in the input, so the click is not lost to its blur.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(company)}
                onMouseMove={() => setActive(index)}
                className={cn(
                  'cursor-pointer px-3 py-2 text-sm',
                  index === activeIndex ? 'bg-indigo-50 text-indigo-900' : 'text-slate-800',
                )}
              >
                <span className="block truncate font-medium">{company.nom}</span>
                <span className="block truncate text-xs text-slate-600">{companyOptionDetail(company)}</span>
              </div>
            ))}
          </div>
        </div>
      </div>
      <p id={statusId} role="status" className="flex items-center gap-2 text-xs text-slate-600">
        {found.isFetching && searching && <Spinner />}
        {picked
          ? `Informations de « ${picked.nom} » reprises ci-dessous : complétez l’e-mail et vérifiez-les.`
          : (status ??
            'Remplit le nom, l’adresse, le SIRET et le n° de TVA. Vous pouvez aussi tout saisir à la main.')}
      </p>
    </div>
  );
}
