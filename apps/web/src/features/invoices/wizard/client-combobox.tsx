import { Check, ChevronDown } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { cn } from '../../../components/ui/cn';
import { inputClasses } from '../../../components/ui/input';
import { searchClients } from './client-search';
import type { DraftClient } from './draft';

interface ClientComboboxProps {
  clients: readonly DraftClient[];
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
 * The searchable client pick of step 2 (WAI-ARIA combobox with a listbox popup): type to filter by name
 * or e-mail, arrows to move, Enter to choose, Escape to close the list. Typing again drops the choice,
 * so the field never shows one name while another client is selected.
 */
export function ClientCombobox({ clients, value, onChange, disabled, id, ...rest }: ClientComboboxProps) {
  const listId = useId();
  /** What the user is typing; null while the field shows the chosen client's name. */
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const text = typed ?? value?.nom ?? '';
  const results = searchClients(clients, typed ?? '');
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
        autoComplete="off"
        placeholder="Rechercher par nom ou email"
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
        id={listId}
        role="listbox"
        aria-label="Clients"
        hidden={!open || results.length === 0}
        className="absolute z-20 mt-1 max-h-60 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      >
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
      {open && results.length === 0 && (
        <p
          role="status"
          className="absolute z-20 mt-1 w-full rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-600 shadow-lg"
        >
          {clients.length === 0
            ? 'Aucun client pour le moment.'
            : 'Aucun client ne correspond à cette recherche.'}
        </p>
      )}
    </div>
  );
}
