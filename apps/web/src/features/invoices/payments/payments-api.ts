import { type InvoicePayments, invoicePaymentsSchema, type PaymentInput } from '@facturo/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiRequest } from '../../../lib/api';
import { invoicesQueryKey } from '../api';

/* Issue 17: the payments of an invoice (GET/POST /factures/{id}/paiements and each payment's answers). */

const paymentsPath = (id: string) => `/factures/${encodeURIComponent(id)}/paiements`;
const paymentPath = (id: string, paymentId: string) => `${paymentsPath(id)}/${encodeURIComponent(paymentId)}`;

/** Under the invoices' key: any invoice write, and the live invoice.* events, refresh it too. */
export const invoicePaymentsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...invoicesQueryKey, 'paiements', id],
    queryFn: () => apiGet(paymentsPath(id), invoicePaymentsSchema),
  });

export type PaymentAction =
  | { kind: 'record'; body: PaymentInput }
  | { kind: 'delete' | 'confirm'; paymentId: string }
  | { kind: 'reject'; paymentId: string; motif: string };

function send(invoiceId: string, action: PaymentAction): Promise<InvoicePayments> {
  switch (action.kind) {
    case 'record':
      return apiPost(paymentsPath(invoiceId), action.body, invoicePaymentsSchema);
    case 'delete':
      return apiRequest('DELETE', paymentPath(invoiceId, action.paymentId), invoicePaymentsSchema);
    case 'confirm':
      return apiPost(`${paymentPath(invoiceId, action.paymentId)}/confirmer`, {}, invoicePaymentsSchema);
    case 'reject':
      return apiPost(
        `${paymentPath(invoiceId, action.paymentId)}/rejeter`,
        { motif: action.motif },
        invoicePaymentsSchema,
      );
  }
}

/**
 * Every payment write answers with the payments as they now are (shown at once); the invoice, its status
 * and the lists' amounts and « en retard » change with it, so every invoice query is read again.
 */
export function usePaymentMutation(invoiceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: PaymentAction) => send(invoiceId, action),
    onSuccess: (state) => {
      queryClient.setQueryData(invoicePaymentsQueryOptions(invoiceId).queryKey, state);
      return queryClient.invalidateQueries({ queryKey: invoicesQueryKey });
    },
  });
}
