import { type Client, type ClientInput, clientListSchema, clientSchema } from '@facturo/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiDelete, apiGet, apiPost, apiPut } from '../../lib/api';
import { subscriptionInfoQueryKey } from '../subscription/api';

/* Calls of the clients API (SPEC §7), as query options and mutations for the pages. */

export const clientsQueryKey = ['clients'] as const;

/** The directory, sorted by name by the server. */
export const clientsQueryOptions = () =>
  queryOptions({ queryKey: clientsQueryKey, queryFn: () => apiGet('/clients', clientListSchema) });

const clientPath = (id: string) => `/clients/${encodeURIComponent(id)}`;

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
      queryClient.setQueryData<Client[]>(clientsQueryKey, (list) =>
        list?.map((entry) => (entry._id === client._id ? client : entry)),
      );
      return queryClient.invalidateQueries({ queryKey: clientsQueryKey });
    },
  });
}

export function useDeleteClientMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: (_, id) => {
      queryClient.setQueryData<Client[]>(clientsQueryKey, (list) =>
        list?.filter((entry) => entry._id !== id),
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: clientsQueryKey }),
        queryClient.invalidateQueries({ queryKey: subscriptionInfoQueryKey }),
      ]);
    },
  });
}

export const useClientsExportMutation = () => useMutation({ mutationFn: fetchClientsExport });
