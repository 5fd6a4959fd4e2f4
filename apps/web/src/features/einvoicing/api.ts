import {
  type ConnectionTest,
  connectionTestSchema,
  type EInvoicingConnection,
  type EInvoicingConnectionInput,
  einvoicingConnectionSchema,
  platformFlowListSchema,
} from '@facturo/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiPut } from '../../lib/api';
import { ApiError } from '../../lib/api-error';

/* Calls of the e-invoicing platform connection and its flows (issue 19). */

export const einvoicingQueryKey = ['facturation-electronique'] as const;
const connectionKey = [...einvoicingQueryKey, 'connexion'] as const;
export const platformFlowsQueryKey = [...einvoicingQueryKey, 'flux'] as const;

export const connectionQueryOptions = () =>
  queryOptions({
    queryKey: connectionKey,
    queryFn: () => apiGet('/facturation-electronique/connexion', einvoicingConnectionSchema),
  });

export const platformFlowsQueryOptions = () =>
  queryOptions({
    queryKey: platformFlowsQueryKey,
    queryFn: () => apiGet('/facturation-electronique/flux', platformFlowListSchema),
    // A flow on its way is followed until the platform has answered (the submit job retries meanwhile).
    refetchInterval: (query) =>
      query.state.data?.flux.some((flow) => flow.etat === 'a_envoyer') ? PENDING_REFRESH_MS : false,
  });

const PENDING_REFRESH_MS = 3_000;

export function useSaveConnectionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EInvoicingConnectionInput): Promise<EInvoicingConnection> =>
      apiPut('/facturation-electronique/connexion', body, einvoicingConnectionSchema),
    onSuccess: (connection) => {
      queryClient.setQueryData(connectionKey, connection);
      void queryClient.invalidateQueries({ queryKey: platformFlowsQueryKey });
    },
  });
}

/**
 * « Tester la connexion »: each step's result. The webhook may have been registered by it: the connection
 * is read again.
 */
export function useTestConnectionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<ConnectionTest> =>
      apiPost('/facturation-electronique/connexion/test', undefined, connectionTestSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionKey }),
  });
}

/** The server's French reason when it gave one, else `fallback`. */
export function einvoicingErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage && !error.isNetworkError
    ? error.serverMessage
    : fallback;
}
