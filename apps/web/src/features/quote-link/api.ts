import {
  type QuoteLink,
  type QuoteLinkAccountRequest,
  type QuoteLinkAccountResponse,
  quoteLinkAccountResponseSchema,
  quoteLinkSchema,
} from '@facturo/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api';
import { apiDownload, type DownloadedFile } from '../../lib/api-download';

/* A quote's signed link: read, its PDF, and the account it offers — all without sign-in. */

const linkPath = (token: string) => `/devis-en-ligne/${encodeURIComponent(token)}`;

export const readQuoteLink = (token: string): Promise<QuoteLink> => apiGet(linkPath(token), quoteLinkSchema);

export const fetchLinkedQuotePdf = (token: string): Promise<DownloadedFile> =>
  apiDownload(`${linkPath(token)}/pdf`, 'application/pdf');

export const createQuoteLinkAccount = (
  token: string,
  body: QuoteLinkAccountRequest,
): Promise<QuoteLinkAccountResponse> =>
  apiPost(`${linkPath(token)}/compte`, body, quoteLinkAccountResponseSchema);

/**
 * A dead link stays dead: no retry. Once the account is created the page is left, so nothing reads the
 * link again behind it (`enabled` false then).
 */
export const useQuoteLink = (token: string, enabled: boolean) =>
  useQuery({
    queryKey: ['devis-en-ligne', token],
    queryFn: () => readQuoteLink(token),
    enabled: enabled && token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export const useCreateQuoteLinkAccount = (token: string) =>
  useMutation({ mutationFn: (body: QuoteLinkAccountRequest) => createQuoteLinkAccount(token, body) });
