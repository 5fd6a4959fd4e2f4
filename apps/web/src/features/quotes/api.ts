import {
  type DepositInput,
  type Invoice,
  invoiceSchema,
  numberingInfoSchema,
  type Quote,
  type QuoteInput,
  type QuoteIssuerStatus,
  quoteListSchema,
  quoteSchema,
  quoteStatusesSchema,
  type SendInvoiceEmailInput,
  sendQuoteInternalResponseSchema,
} from '@facturo/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '../../lib/api';
import { apiDownload, type DownloadedFile } from '../../lib/api-download';
import { listPath, pagedListQueryOptions, searchTerm } from '../../lib/paged-list';
import { currentUserQueryKey } from '../../lib/session';
import { invoicesQueryKey } from '../invoices/api';
import { subscriptionInfoQueryKey } from '../subscription/api';

/* Calls of the quotes API (issue 15: /devis), as query options and mutations for the pages. */

/** Every quote query starts with this key: any write refreshes them all. */
export const quotesQueryKey = ['devis'] as const;

export type QuoteBox = 'issued' | 'received';

const quotePath = (id: string) => `/devis/${encodeURIComponent(id)}`;

const quoteBoxBase = (box: QuoteBox) => (box === 'issued' ? '/devis' : '/devis/received');

/** A box of /devis a page at a time (issue 16), newest first; `q` searches number, client and object. */
export const quotePagesQueryOptions = (box: QuoteBox, q = '') =>
  pagedListQueryOptions({
    queryKey: [...quotesQueryKey, 'pages', box, searchTerm(q)],
    path: (cursor) => listPath(quoteBoxBase(box), { q, cursor }),
    schema: quoteListSchema,
  });

/**
 * The first quote of a box, if any: the navigation shows « Devis » to a particulier once one reached
 * them, and needs no more than one row to know.
 */
export const quoteListQueryOptions = (box: QuoteBox) =>
  queryOptions({
    queryKey: [...quotesQueryKey, 'list', box],
    queryFn: () => apiGet(listPath(quoteBoxBase(box), { limit: '1' }), quoteListSchema),
  });

/** Opening a received quote marks it « vu » on the server: the lists are refreshed afterwards. */
export const quoteQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...quotesQueryKey, 'detail', id],
    queryFn: () => apiGet(quotePath(id), quoteSchema),
  });

/** What the caller may do now: the recipient's « peut répondre » (still valid today), the issuer's. */
export const quoteStatusesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...quotesQueryKey, 'statuts', id],
    queryFn: () => apiGet(`${quotePath(id)}/statuts`, quoteStatusesSchema),
  });

/** The number the next quote will get; always asked again, another tab may have used it. */
export const quoteNumberingQueryOptions = () =>
  queryOptions({
    queryKey: [...quotesQueryKey, 'numerotation'],
    queryFn: () => apiGet('/devis/info-numerotation', numberingInfoSchema),
    staleTime: 0,
  });

export const createQuote = (body: QuoteInput): Promise<Quote> => apiPost('/devis', body, quoteSchema);

export const updateQuote = ({ id, body }: { id: string; body: QuoteInput }): Promise<Quote> =>
  apiPut(quotePath(id), body, quoteSchema);

export const deleteQuote = (id: string): Promise<void> => apiDelete(quotePath(id));

/** The quote, and whether it was already on the platform (then the toast says so rather than « envoyé »). */
export const sendQuoteInternally = (id: string) =>
  apiPost(`${quotePath(id)}/send-internal`, {}, sendQuoteInternalResponseSchema);

/** Sends the quote's PDF to `to`; the server marks it sent. */
export const sendQuoteByEmail = ({ id, body }: { id: string; body: SendInvoiceEmailInput }) =>
  apiPost(`${quotePath(id)}/send-email`, body, quoteSchema);

/** The quote's PDF (DEVIS, « Bon pour accord »), for the issuer or the recipient. */
export const fetchQuotePdf = (id: string): Promise<DownloadedFile> =>
  apiDownload(`${quotePath(id)}/pdf`, 'application/pdf');

/** The recipient's answer on the platform, with an optional comment. */
export const answerQuote = ({
  id,
  statutDestinataire,
  commentaire,
}: {
  id: string;
  statutDestinataire: 'acceptee' | 'refusee';
  commentaire: string;
}) => apiPut(`${quotePath(id)}/statut-destinataire`, { statutDestinataire, commentaire }, quoteSchema);

/** The issuer records an answer received outside the platform (signed paper, e-mail). */
export const setQuoteIssuerStatus = ({
  id,
  statutEmetteur,
  commentaire = '',
}: {
  id: string;
  statutEmetteur: Extract<QuoteIssuerStatus, 'envoyee' | 'acceptee' | 'refusee'>;
  commentaire?: string;
}) => apiPut(`${quotePath(id)}/statut-emetteur`, { statutEmetteur, commentaire }, quoteSchema);

/** A deposit invoice on an accepted quote: the new invoice (type acompte). */
export const createDeposit = ({ id, body }: { id: string; body: DepositInput }): Promise<Invoice> =>
  apiPost(`${quotePath(id)}/acompte`, body, invoiceSchema);

/** The final invoice of an accepted quote, its deposits deducted. */
export const invoiceQuote = (id: string): Promise<Invoice> =>
  apiPost(`${quotePath(id)}/facturer`, {}, invoiceSchema);

/**
 * A quote's write may change invoices too (a deposit, the final invoice) and the free plan's counts:
 * quotes, invoices, the user and the subscription are read again.
 */
function useInvalidateAfterWrite() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: quotesQueryKey }),
      queryClient.invalidateQueries({ queryKey: invoicesQueryKey }),
      queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      queryClient.invalidateQueries({ queryKey: subscriptionInfoQueryKey }),
    ]);
}

/**
 * A mutation of the quotes API that refreshes what it may have changed. The refresh is not awaited: the
 * quote's new status may take away the very button that ran it (« Convertir en facture » once invoiced,
 * « Envoyer » once sent), and mutate()'s own callbacks (its toast, the navigation) are dropped when their
 * component is gone; they run first, before the re-read.
 */
function useQuoteWrite<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const invalidate = useInvalidateAfterWrite();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void invalidate();
    },
  });
}

export const useCreateQuoteMutation = () => useQuoteWrite(createQuote);
export const useUpdateQuoteMutation = () => useQuoteWrite(updateQuote);
export const useSendQuoteInternalMutation = () => useQuoteWrite(sendQuoteInternally);
export const useSendQuoteEmailMutation = () => useQuoteWrite(sendQuoteByEmail);
export const useAnswerQuoteMutation = () => useQuoteWrite(answerQuote);
export const useQuoteIssuerStatusMutation = () => useQuoteWrite(setQuoteIssuerStatus);
export const useCreateDepositMutation = () => useQuoteWrite(createDeposit);
export const useInvoiceQuoteMutation = () => useQuoteWrite(invoiceQuote);
export const useQuotePdfMutation = () => useMutation({ mutationFn: fetchQuotePdf });

/**
 * Deleting a quote that never went out. The caller leaves its page in its own onSuccess; the deleted
 * quote's own queries are dropped rather than re-read (they would answer 404 under the closing dialog).
 */
export function useDeleteQuoteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuote,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: quotesQueryKey, predicate: (q) => q.queryKey.includes(id) });
      void queryClient.invalidateQueries({ queryKey: quotesQueryKey });
    },
  });
}
