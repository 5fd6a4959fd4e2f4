import {
  type SupplierInvoice,
  type SupplierInvoicePayment,
  type SupplierInvoiceRefusal,
  type SupplierInvoiceStatus,
  supplierInvoiceListSchema,
  supplierInvoiceSchema,
} from '@facturo/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api';
import { apiDownload } from '../../lib/api-download';
import { saveBlob } from '../../lib/download';
import { uploadSupplierInvoice } from './supplier-invoices-upload';

/* Issue 19: the « Factures fournisseurs » inbox (GET/POST /factures-fournisseurs and its decisions). */

export const supplierInvoicesQueryKey = ['factures-fournisseurs'] as const;

const invoicePath = (id: string) => `/factures-fournisseurs/${encodeURIComponent(id)}`;

export const supplierInvoicesQueryOptions = (status: SupplierInvoiceStatus | null) =>
  queryOptions({
    queryKey: [...supplierInvoicesQueryKey, 'liste', status ?? 'toutes'],
    queryFn: () =>
      apiGet(`/factures-fournisseurs${status ? `?statut=${status}` : ''}`, supplierInvoiceListSchema),
  });

export const supplierInvoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...supplierInvoicesQueryKey, 'detail', id],
    queryFn: () => apiGet(invoicePath(id), supplierInvoiceSchema),
  });

/** Every write changes the lists and the invoice: all of them are read again. */
function useInvalidatingMutation<T>(mutationFn: (value: T) => Promise<SupplierInvoice>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: supplierInvoicesQueryKey }),
  });
}

export function useUploadSupplierInvoiceMutation(onProgress: (fraction: number) => void) {
  return useInvalidatingMutation((file: File) => uploadSupplierInvoice(file, onProgress));
}

export function useApproveMutation(id: string) {
  return useInvalidatingMutation(() => apiPost(`${invoicePath(id)}/approbation`, {}, supplierInvoiceSchema));
}

export function useRefuseMutation(id: string) {
  return useInvalidatingMutation((body: SupplierInvoiceRefusal) =>
    apiPost(`${invoicePath(id)}/refus`, body, supplierInvoiceSchema),
  );
}

export function usePayMutation(id: string) {
  return useInvalidatingMutation((body: SupplierInvoicePayment) =>
    apiPost(`${invoicePath(id)}/paiement`, body, supplierInvoiceSchema),
  );
}

/** The original needs the bearer token, so no plain link: fetched, then saved under its own name. */
export async function downloadOriginal(invoice: SupplierInvoice): Promise<void> {
  const { blob, fileName } = await apiDownload(
    `${invoicePath(invoice._id)}/original`,
    invoice.format === 'facturx' ? 'application/pdf' : 'application/xml',
  );
  saveBlob(fileName ?? invoice.fichier.nom, blob);
}
