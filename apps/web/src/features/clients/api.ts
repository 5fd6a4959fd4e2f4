import {
  type Client,
  type ClientInput,
  type ClientType,
  clientListSchema,
  clientSchema,
  companySearchResultSchema,
} from '@facturo/shared';
import {
  type InfiniteData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { apiDelete, apiGet, apiPost, apiPut } from '../../lib/api';
import { apiGetPage, type Page } from '../../lib/api-page';
import { flattenPages, listPath, pagedListQueryOptions, searchTerm } from '../../lib/paged-list';
import { subscriptionInfoQueryKey } from '../subscription/api';

/* Calls of the clients API (SPEC §7), as query options and mutations for the pages. */

export const clientsQueryKey = ['clients'] as const;

const clientPath = (id: string) => `/clients/${encodeURIComponent(id)}`;

/** The directory a page at a time (issue 16), by name; `type` is the chip, `q` the search. */
export const clientListQueryOptions = (type: ClientType | null, q = '') =>
  pagedListQueryOptions({
    queryKey: [...clientsQueryKey, 'list', type ?? 'tous', searchTerm(q)],
    path: (cursor) => listPath('/clients', { type, q, cursor }),
    schema: clientListSchema,
  });

/** How many clients the wizard's picker proposes at once: the search narrows it. */
export const CLIENT_PICKER_LIMIT = 20;

/** The wizard's client picker: the first clients matching what was typed (all of them when nothing is). */
export const clientPickerQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...clientsQueryKey, 'picker', searchTerm(q)],
    queryFn: () =>
      apiGetPage(listPath('/clients', { q, limit: String(CLIENT_PICKER_LIMIT) }), clientListSchema),
  });

/** One client, for its detail and edit screens: it may be on a page the directory has not loaded. */
export const clientQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...clientsQueryKey, 'detail', id],
    queryFn: () => apiGet(clientPath(id), clientSchema),
  });

/** A client as a loaded page of the directory holds it, to show its detail before the server answers. */
export function loadedClient(queryClient: QueryClient, id: string): Client | undefined {
  const lists = queryClient.getQueriesData<InfiniteData<Page<Client>>>({
    queryKey: [...clientsQueryKey, 'list'],
  });
  for (const [, data] of lists) {
    const found = flattenPages(data).find((client) => client._id === id);
    if (found) return found;
  }
  return undefined;
}

export const createClient = (body: ClientInput): Promise<Client> => apiPost('/clients', body, clientSchema);

export const updateClient = ({ id, body }: { id: string; body: ClientInput }): Promise<Client> =>
  apiPut(clientPath(id), body, clientSchema);

export const deleteClient = (id: string): Promise<void> => apiDelete(clientPath(id));

/** The GDPR export's shape is the server's business: the file holds whatever it sends, pretty-printed. */
export const fetchClientsExport = (): Promise<unknown> => apiGet('/export-clients-rgpd', z.unknown());

/*
 * Every write refreshes the list, so the cards, the detail and the edit screen show the server's truth;
 * creations and deletions also change the free plan's client count in the sidebar.
 */

export function useCreateClientMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clientsQueryKey }),
        queryClient.invalidateQueries({ queryKey: subscriptionInfoQueryKey }),
      ]),
  });
}

export function useUpdateClientMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClient,
    onSuccess: (client) => {
      queryClient.setQueryData(clientQueryOptions(client._id).queryKey, client);
      return queryClient.invalidateQueries({ queryKey: clientsQueryKey });
    },
  });
}

export function useDeleteClientMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: (_, id) => {
      // Its detail is gone with it (re-reading it would answer 404); the lists are read again.
      queryClient.removeQueries({ queryKey: clientQueryOptions(id).queryKey });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: clientsQueryKey }),
        queryClient.invalidateQueries({ queryKey: subscriptionInfoQueryKey }),
      ]);
    },
  });
}

export const useClientsExportMutation = () => useMutation({ mutationFn: fetchClientsExport });

/** Issue 19: the public company directory, through the server (cache, rate limit, 503 when it is down). */
export const companySearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['entreprises', q],
    queryFn: () => apiGet(`/entreprises?q=${encodeURIComponent(q)}`, companySearchResultSchema),
    // A refusal or an outage is said at once: the form works by hand meanwhile.
    retry: false,
    staleTime: 5 * 60_000,
  });
