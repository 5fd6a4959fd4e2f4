import {
  type InvoiceLink,
  type InvoiceLinkAccountRequest,
  type InvoiceLinkAccountResponse,
  invoiceLinkAccountResponseSchema,
  invoiceLinkSchema,
} from '@facturo/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api';
import { apiDownload, type DownloadedFile } from '../../lib/api-download';

/* An invoice's signed link: read, its PDF, and the account it offers — all without sign-in. */

const linkPath = (token: string) => `/facture-en-ligne/${encodeURIComponent(token)}`;

export const readInvoiceLink = (token: string): Promise<InvoiceLink> =>
  apiGet(linkPath(token), invoiceLinkSchema);

export const fetchLinkedPdf = (token: string): Promise<DownloadedFile> =>
  apiDownload(`${linkPath(token)}/pdf`, 'application/pdf');

export const createLinkedAccount = ({
  token,
  body,
}: {
  token: string;
  body: InvoiceLinkAccountRequest;
}): Promise<InvoiceLinkAccountResponse> =>
  apiPost(`${linkPath(token)}/compte`, body, invoiceLinkAccountResponseSchema);

/**
 * A dead link stays dead: no retry. Once the account is created the page is left, so nothing reads the
 * link again behind it (`enabled` false then).
 */
export const useInvoiceLink = (token: string, enabled: boolean) =>
  useQuery({
    queryKey: ['facture-en-ligne', token],
    queryFn: () => readInvoiceLink(token),
    enabled: enabled && token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export const useCreateLinkedAccount = (token: string) =>
  useMutation({ mutationFn: (body: InvoiceLinkAccountRequest) => createLinkedAccount({ token, body }) });
