import type { Client } from '@facturo/shared';
import { useEffect, useRef } from 'react';
import { ClientCard } from './client-card';

interface ClientListProps {
  clients: Client[];
  onOpen: (client: Client) => void;
  /** When given (invoice wizard), each card gets a Sélectionner button (SPEC §2). */
  onSelect?: (client: Client) => void;
  /** Coming back from a client's detail: its card takes the focus so keyboard users keep their place. */
  focusClientId?: string | null;
}

/** The cards, one column on phones, more as the screen widens. */
export function ClientList({ clients, onOpen, onSelect, focusClientId }: ClientListProps) {
  const focusRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusClientId) focusRef.current?.focus();
  }, [focusClientId]);

  return (
    // grid-cols-1 (minmax(0, 1fr)), not the implicit auto column: a long name must not widen the page.
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {clients.map((client) => (
        <li key={client._id} className="min-w-0">
          <ClientCard
            client={client}
            onOpen={onOpen}
            onSelect={onSelect}
            openButtonRef={client._id === focusClientId ? focusRef : undefined}
          />
        </li>
      ))}
    </ul>
  );
}
