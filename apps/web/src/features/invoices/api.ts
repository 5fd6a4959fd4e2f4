import {
  type CreditNoteInput,
  type Invoice,
  type InvoiceInput,
  type InvoiceType,
  type IssuerStatus,
  invoiceListSchema,
  invoiceListTotalsSchema,
  invoiceSchema,
  invoiceStatusesSchema,
  numberingInfoSchema,
  type SendInternalResponse,
  type SendInvoiceEmailInput,
  sendInternalResponseSchema,
} from '@facturo/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiDelete, apiGet, apiPost, apiPut, apiRequest } from '../../lib/api';
import { apiDownload, type DownloadedFile } from '../../lib/api-download';
import { listPath, pagedListQueryOptions, searchTerm } from '../../lib/paged-list';
import { currentUserQueryKey } from '../../lib/session';
import { subscriptionInfoQueryKey } from '../subscription/api';
import {
  type InvoiceBox,
  type InvoiceListFilters,
  invoiceListPath,
  invoiceTotalsPath,
  type ListStatusFilter,
} from './list/list-path';

/* Calls of the invoices API (SPEC §7), as query options and mutations for the pages. */

/** Every invoice query starts with this key: any write refreshes them all (lists, detail, client section). */
export const invoicesQueryKey = ['factures'] as const;

const invoicePath = (id: string) => `/factures/${encodeURIComponent(id)}`;

/**
 * A box of /factures, a page at a time (issue 16). The positional arguments stay those of the whole-list
 * query it replaces; the search is the fourth. Infinite: prefetch it with prefetchInfiniteQuery.
 */
export const invoiceListQueryOptions = (
  box: InvoiceBox,
  filter: ListStatusFilter | null,
  type: InvoiceType | null = null,
  q = '',
) =>
  pagedListQueryOptions({
    queryKey: [...invoicesQueryKey, 'list', box, filter ?? 'toutes', type ?? 'tous', searchTerm(q)],
    path: (cursor) => invoiceListPath(box, { filter, type, q }, cursor),
    schema: invoiceListSchema,
  });

/** The figures of a box under the same filters (count, signed TTC total, counts per status), from SQL. */
export const invoiceTotalsQueryOptions = (box: InvoiceBox, filters: InvoiceListFilters) =>
  queryOptions({
    queryKey: [
      ...invoicesQueryKey,
      'totaux',
      box,
      filters.filter ?? 'toutes',
      filters.type ?? 'tous',
      searchTerm(filters.q),
    ],
    queryFn: () => apiGet(invoiceTotalsPath(box, filters), invoiceListTotalsSchema),
  });

/** Opening an invoice as its recipient marks it "vue" on the server: the lists are refreshed afterwards. */
export const invoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...invoicesQueryKey, 'detail', id],
    queryFn: () => apiGet(invoicePath(id), invoiceSchema),
  });

/** What the caller may change on its own side now (SPEC §3 Statuses response). */
export const invoiceStatusesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...invoicesQueryKey, 'statuts', id],
    queryFn: () => apiGet(`${invoicePath(id)}/statuts`, invoiceStatusesSchema),
  });

const clientInvoicesBase = (clientId: string) => `/factures/client/${encodeURIComponent(clientId)}`;

/** A client's invoices (its detail's section), a page at a time, newest first. */
export const clientInvoicesQueryOptions = (clientId: string) =>
  pagedListQueryOptions({
    queryKey: [...invoicesQueryKey, 'client', clientId],
    path: (cursor) => listPath(clientInvoicesBase(clientId), { cursor }),
    schema: invoiceListSchema,
  });

/** The section's count, from SQL, whatever is loaded. */
export const clientInvoicesTotalsQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: [...invoicesQueryKey, 'client-totaux', clientId],
    queryFn: () => apiGet(`${clientInvoicesBase(clientId)}/totaux`, invoiceListTotalsSchema),
  });

/** The number the next invoice will get; always asked again, another tab may have used it. */
export const numberingQueryOptions = () =>
  queryOptions({
    queryKey: [...invoicesQueryKey, 'numerotation'],
    queryFn: () => apiGet('/factures/info-numerotation', numberingInfoSchema),
    staleTime: 0,
  });

/** The GDPR export's shape is the server's business; only the two counts of the toast are read. */
const invoicesExportSchema = z.looseObject({
  factures: z.array(z.unknown()).optional(),
  clients: z.array(z.unknown()).optional(),
});
export type InvoicesExport = z.infer<typeof invoicesExportSchema>;

export const fetchInvoicesExport = (): Promise<InvoicesExport> =>
  apiGet('/export-factures-rgpd', invoicesExportSchema);

export const createInvoice = (body: InvoiceInput): Promise<Invoice> =>
  apiPost('/factures', body, invoiceSchema);

export const updateInvoice = ({ id, body }: { id: string; body: InvoiceInput }): Promise<Invoice> =>
  apiPut(invoicePath(id), body, invoiceSchema);

/** Issue 15: a credit note on a sent or paid invoice or deposit; the answer is the new credit note. */
export const createCreditNote = ({ id, body }: { id: string; body: CreditNoteInput }): Promise<Invoice> =>
  apiPost(`${invoicePath(id)}/avoir`, body, invoiceSchema);

export const deleteInvoice = (id: string): Promise<void> => apiDelete(invoicePath(id));

/** The invoice, and whether it was already on the platform (then the button says so rather than "envoyée"). */
export const sendInvoiceInternally = (id: string): Promise<SendInternalResponse> =>
  apiPost(`${invoicePath(id)}/send-internal`, {}, sendInternalResponseSchema);

/** Sends the Factur-X PDF to `to`; the server marks the invoice sent, so it comes back locked. */
export const sendInvoiceByEmail = ({ id, body }: { id: string; body: SendInvoiceEmailInput }) =>
  apiPost(`${invoicePath(id)}/send-email`, body, invoiceSchema);

/** The Factur-X PDF, for the issuer or the recipient (SPEC §7: binary, behind the bearer token). */
export const fetchInvoicePdf = (id: string): Promise<DownloadedFile> =>
  apiDownload(`${invoicePath(id)}/pdf`, 'application/pdf');

/* The status answers are not part of the contract: any JSON is accepted, the detail is re-read after. */
export const setIssuerStatus = ({ id, statutEmetteur }: { id: string; statutEmetteur: IssuerStatus }) =>
  apiPut(`${invoicePath(id)}/statut-emetteur`, { statutEmetteur }, z.unknown());

export const markInvoicePaid = (id: string) => apiRequest('PATCH', `${invoicePath(id)}/payer`, z.unknown());

/**
 * Every write changes what the lists, the detail, the client section and the next number show, and
 * may change the sidebar's monthly count (the free plan's usage box): all of them are read again.
 */
function useInvalidateAfterWrite() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: invoicesQueryKey }),
      queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      queryClient.invalidateQueries({ queryKey: subscriptionInfoQueryKey }),
    ]);
}

export function useCreateInvoiceMutation() {
  const invalidate = useInvalidateAfterWrite();
  return useMutation({ mutationFn: createInvoice, onSuccess: invalidate });
}

/**
 * The credited invoice now lists it (and may read « Annulée par avoir »): everything is read again, in
 * the background, so the caller moves on to the new credit note at once.
 */
export function useCreditNoteMutation() {
  const invalidate = useInvalidateAfterWrite();
  return useMutation({
    mutationFn: createCreditNote,
    onSuccess: () => {
      void invalidate();
    },
  });
}

export function useUpdateInvoiceMutation() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAfterWrite();
  return useMutation({
    mutationFn: updateInvoice,
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceQueryOptions(invoice._id).queryKey, invoice);
      return invalidate();
    },
  });
}

/** Queries about one invoice (its detail, its statuses): gone with it. */
const isAbout = (id: string) => (query: { queryKey: readonly unknown[] }) => query.queryKey.includes(id);

/**
 * « Supprimer » cancels the invoice (DESIGN §5). The caller leaves its page in its own onSuccess, which
 * runs at once: the hook does not wait for the refresh, and does not re-read the invoice, whose page
 * would re-render as Annulée under the closing dialog; lists (Annulées included) are refreshed.
 */
export function useDeleteInvoiceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInvoice,
    onSuccess: (_, id) => {
      void queryClient.invalidateQueries({ queryKey: invoicesQueryKey, predicate: (q) => !isAbout(id)(q) });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      void queryClient.invalidateQueries({ queryKey: subscriptionInfoQueryKey });
    },
  });
}

/** Drops what the cache knows of a cancelled invoice once its page has been left: it is read afresh if opened again. */
export function useForgetInvoice() {
  const queryClient = useQueryClient();
  return (id: string) => queryClient.removeQueries({ queryKey: invoicesQueryKey, predicate: isAbout(id) });
}

export function useSendInternalMutation() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAfterWrite();
  return useMutation({
    mutationFn: sendInvoiceInternally,
    onSuccess: ({ dejaEnvoyee: _already, invitationEnvoyee: _invited, ...invoice }) => {
      queryClient.setQueryData(invoiceQueryOptions(invoice._id).queryKey, invoice);
      return invalidate();
    },
  });
}

export function useSendEmailMutation() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAfterWrite();
  return useMutation({
    mutationFn: sendInvoiceByEmail,
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceQueryOptions(invoice._id).queryKey, invoice);
      return invalidate();
    },
  });
}

/** A read, but run on demand with a pending state per button: a mutation fits better than a query. */
export const useInvoicePdfMutation = () => useMutation({ mutationFn: fetchInvoicePdf });

export function useIssuerStatusMutation() {
  const invalidate = useInvalidateAfterWrite();
  return useMutation({ mutationFn: setIssuerStatus, onSuccess: invalidate });
}

export function useMarkPaidMutation() {
  const invalidate = useInvalidateAfterWrite();
  return useMutation({ mutationFn: markInvoicePaid, onSuccess: invalidate });
}

export const useInvoicesExportMutation = () => useMutation({ mutationFn: fetchInvoicesExport });
