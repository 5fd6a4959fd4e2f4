import type { Client } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { clientsQueryOptions } from './api';
import { ClientFilterChips } from './client-filter-chips';
import { type ClientFilter, filterClients } from './client-filters';
import { ClientList } from './client-list';
import { ClientsExportButton } from './clients-export-button';
import { CLIENTS_EXPORT_ERROR, CLIENTS_LOAD_ERROR } from './error-messages';

interface ClientsDirectoryProps {
  /** Held by the page, so the chosen chip is still on when coming back from a client's detail. */
  filter: ClientFilter;
  onFilterChange: (filter: ClientFilter) => void;
  onOpen: (client: Client) => void;
  onAdd: () => void;
  onSelect?: (client: Client) => void;
  focusClientId?: string | null;
}

/** The list screen of /clients: title, export, chips and the loading, error, empty and filled states. */
export function ClientsDirectory({
  filter,
  onFilterChange,
  onOpen,
  onAdd,
  onSelect,
  focusClientId,
}: ClientsDirectoryProps) {
  const clients = useQuery(clientsQueryOptions());
  const [exportFailed, setExportFailed] = useState(false);
  const list = clients.data ?? [];
  const shown = filterClients(list, filter);

  return (
    <div className="space-y-6">
      <title>Clients · Facturo</title>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Clients</h1>
        <ClientsExportButton
          disabled={clients.isPending || list.length === 0}
          onStart={() => setExportFailed(false)}
          onError={() => setExportFailed(true)}
        />
      </header>
      {exportFailed && <Alert variant="error">{CLIENTS_EXPORT_ERROR}</Alert>}

      <ClientFilterChips value={filter} onChange={onFilterChange} />

      {clients.isPending ? (
        <LoadingStatus>Chargement des clients...</LoadingStatus>
      ) : clients.isError ? (
        <LoadError message={CLIENTS_LOAD_ERROR} query={clients} />
      ) : list.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <UsersRound className="mx-auto size-10 text-slate-400" aria-hidden="true" />
          <p className="mt-3 text-slate-700">Aucun client n'a été ajouté.</p>
          <Button className="mt-4" onClick={onAdd}>
            Ajouter un client
          </Button>
        </div>
      ) : shown.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-slate-700">
          Aucun client dans cette catégorie.
        </p>
      ) : (
        <ClientList clients={shown} onOpen={onOpen} onSelect={onSelect} focusClientId={focusClientId} />
      )}
    </div>
  );
}
