import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Check, ChevronDown } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { cn } from '../../../components/ui/cn';
import { inputClasses } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/use-url-search';
import { clientPickerQueryOptions } from '../../clients/api';
import { asDraftClient } from './client-address';
import { clientPickerEmptyText, clientPickerMoreText } from './client-search';
import type { DraftClient } from './draft';

interface ClientComboboxProps {
  value: DraftClient | null;
  onChange: (client: DraftClient | null) => void;
  disabled?: boolean;
  /** Hint and error ids from <Field>. */
  'aria-describedby'?: string;
  id: string;
}

/** Marks an open input, so the creation panel lets Escape close the list instead of minimising itself. */
export const KEEPS_ESCAPE_SELECTOR = '[data-keeps-escape]';

/**
 * The searchable client pick of step 2 (WAI-ARIA combobox with a listbox popup): type to search by name,
 * e-mail, SIRET or city (on the server, issue 16: the directory may hold thousands), arrows to move,
 * Enter to choose, Escape to close the list. Typing again drops the choice, so the field never shows one
 * name while another client is selected. While a search is on its way, the previous options stay.
 */
export function ClientCombobox({ value, onChange, disabled, id, ...rest }: ClientComboboxProps) {
  const listId = useId();
  /** What the user is typing; null while the field shows the chosen client's name. */
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const text = typed ?? value?.nom ?? '';
  const search = useDebouncedValue(typed ?? '', SEARCH_DEBOUNCE_MS);
  const found = useQuery({
    ...clientPickerQueryOptions(search),
    enabled: !disabled,
    placeholderData: keepPreviousData,
  });
  const results = (found.data?.items ?? []).map(asDraftClient);
  const more = found.data ? clientPickerMoreText(results.length, found.data.total) : null;
  const optionId = (index: number) => `${listId}-option-${index}`;
  const activeIndex = Math.min(active, results.length - 1);

  function choose(client: DraftClient) {
    onChange(client);
    setTyped(null);
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
        const client = results[activeIndex];
        if (open && client) {
          event.preventDefault();
          choose(client);
        }
        break;
      }
      case 'Escape':
        if (open) setOpen(false);
        break;
    }
  }

  return (
    <div className="relative">
      <input
        id={id}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && results.length > 0 ? optionId(activeIndex) : undefined}
        aria-describedby={rest['aria-describedby']}
        aria-busy={found.isFetching || undefined}
        autoComplete="off"
        placeholder="Rechercher par nom, email, SIRET ou ville"
        disabled={disabled}
        data-keeps-escape={open ? '' : undefined}
        className={cn(inputClasses, 'pr-9')}
        value={text}
        onChange={(event) => {
          setTyped(event.target.value);
          setActive(0);
          setOpen(true);
          if (value) onChange(null);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
      {/* The listbox stays in the DOM (hidden when closed) so aria-controls always points at something. */}
      <div
        hidden={!open || results.length === 0}
        className="absolute z-20 mt-1 w-full overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
      >
        <div id={listId} role="listbox" aria-label="Clients" className="max-h-60 overflow-y-auto py-1">
          {results.map((client, index) => {
            const selected = value?._id === client._id;
            return (
              // The keyboard stays in the input (aria-activedescendant), which handles the arrows and Enter.
              // biome-ignore lint/a11y/useKeyWithClickEvents: see above
              <div
                key={client._id}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                // APG combobox: the highlighted option is the selected one; the tick shows the chosen client.
                aria-selected={index === activeIndex}
                // Keeps the focus in the input, so the click is not lost to its blur.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(client)}
                onMouseMove={() => setActive(index)}
                className={cn(
                  'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm',
                  index === activeIndex ? 'bg-indigo-50 text-indigo-900' : 'text-slate-800',
                )}
              >
                <Check
                  className={cn('size-4 shrink-0', selected ? 'text-indigo-700' : 'invisible')}
                  aria-hidden="true"
                />
                <span className="min-w-0">
                  <span className="block truncate font-medium">{client.nom}</span>
                  <span className="block truncate text-xs text-slate-600">{client.email}</span>
                </span>
              </div>
            );
          })}
        </div>
        {more && <p className="border-t border-slate-200 px-3 py-2 text-xs text-slate-600">{more}</p>}
      </div>
      {open && results.length === 0 && (
        <p
          role="status"
          className="absolute z-20 mt-1 flex w-full items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-600 shadow-lg"
        >
          {found.isPending ? (
            <>
              <Spinner />
              Chargement des clients...
            </>
          ) : found.isError ? (
            'Erreur lors du chargement des clients.'
          ) : (
            clientPickerEmptyText(search)
          )}
        </p>
      )}
    </div>
  );
}
