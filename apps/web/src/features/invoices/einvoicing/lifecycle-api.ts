import { buyerDirectorySchema, invoiceLifecycleSchema, platformSendResponseSchema } from '@facturo/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';
import { invoicesQueryKey } from '../api';

/* Issue 19: an invoice on the approved platform — its lifecycle, its buyer in the directory, its sending. */

const base = (id: string) => `/factures/${encodeURIComponent(id)}`;

/** Under the invoices' key: any invoice write (a payment, a credit note) or live event refreshes it. */
export const invoiceLifecycleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...invoicesQueryKey, 'cycle-de-vie', id],
    queryFn: () => apiGet(`${base(id)}/cycle-de-vie`, invoiceLifecycleSchema),
  });

/** Asked when the sending dialog opens, never cached for long: a buyer may register any day. */
export const buyerDirectoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...invoicesQueryKey, 'annuaire', id],
    queryFn: () => apiGet(`${base(id)}/plateforme-agreee/annuaire`, buyerDirectorySchema),
    staleTime: 0,
    retry: false,
  });

export function useSendViaPlatformMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost(`${base(id)}/plateforme-agreee`, {}, platformSendResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoicesQueryKey }),
  });
}
