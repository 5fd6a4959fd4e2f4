import type { Client } from '@facturo/shared';
import { UsersRound } from 'lucide-react';
import { useState } from 'react';
import { PagedVirtualList } from '../../components/list/paged-virtual-list';
import { SearchBox } from '../../components/list/search-box';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { usePagedList } from '../../lib/paged-list';
import { useUrlSearch } from '../../lib/use-url-search';
import { clientListQueryOptions } from './api';
import { ClientCard } from './client-card';
import { ClientFilterChips } from './client-filter-chips';
import { type ClientFilter, clientTypeOf } from './client-filters';
import { ClientsExportButton } from './clients-export-button';
import {
  CLIENTS_EXPORT_ERROR,
  CLIENTS_LOAD_ERROR,
  clientsCountText,
  noClientsFoundText,
} from './error-messages';
import { useGridColumns } from './use-grid-columns';

interface ClientsDirectoryProps {
  /** Held by the page, so the chosen chip is still on when coming back from a client's detail. */
  filter: ClientFilter;
  onFilterChange: (filter: ClientFilter) => void;
  onOpen: (client: Client) => void;
  onAdd: () => void;
  onSelect?: (client: Client) => void;
  focusClientId?: string | null;
}

/**
 * The list screen of /clients: title, export, search (?q=), chips and the loading, error, empty and
 * filled states. The chip and the search are applied by the server, which sends the directory a page at
 * a time (issue 16); the cards are drawn as they come near the screen.
 */
export function ClientsDirectory({
  filter,
  onFilterChange,
  onOpen,
  onAdd,
  onSelect,
  focusClientId,
}: ClientsDirectoryProps) {
  const search = useUrlSearch();
  const list = usePagedList(clientListQueryOptions(clientTypeOf(filter), search.term));
  const columns = useGridColumns();
  const [exportFailed, setExportFailed] = useState(false);
  const { query, items } = list;
  const unfiltered = filter === 'tous' && search.term === '';

  return (
    <div className="space-y-6">
      <title>Clients · Facturo</title>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Clients</h1>
        <ClientsExportButton
          disabled={query.isPending || (unfiltered && items.length === 0)}
          onStart={() => setExportFailed(false)}
          onError={() => setExportFailed(true)}
        />
      </header>
      {exportFailed && <Alert variant="error">{CLIENTS_EXPORT_ERROR}</Alert>}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <ClientFilterChips value={filter} onChange={onFilterChange} />
        <SearchBox label="Rechercher un client" placeholder="Nom, e-mail, SIRET ou ville" search={search} />
      </div>

      {query.isPending ? (
        <LoadingStatus>Chargement des clients...</LoadingStatus>
      ) : query.isError ? (
        <LoadError message={CLIENTS_LOAD_ERROR} query={query} />
      ) : items.length === 0 && unfiltered ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <UsersRound className="mx-auto size-10 text-slate-400" aria-hidden="true" />
          <p className="mt-3 text-slate-700">Aucun client n'a été ajouté.</p>
          <Button className="mt-4" onClick={onAdd}>
            Ajouter un client
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-slate-700">
          {search.term ? noClientsFoundText(search.term) : 'Aucun client dans cette catégorie.'}
        </p>
      ) : (
        <PagedVirtualList
          list={list}
          getKey={(client) => client._id}
          renderItem={(client) => <ClientCard client={client} onOpen={onOpen} onSelect={onSelect} />}
          // Coming back from a client's detail: its card takes the focus, so keyboard users keep their place.
          focusKey={focusClientId}
          countText={clientsCountText}
          estimateRowHeight={150}
          gap={12}
          columns={columns}
          // grid-cols-1 (minmax(0, 1fr)), not the implicit auto column: a long name must not widen the page.
          className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3"
        />
      )}
    </div>
  );
}
