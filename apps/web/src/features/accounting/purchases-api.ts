import {
  type Purchase,
  type PurchaseExportFormat,
  type PurchaseInput,
  purchaseExportFileName,
  purchaseListSchema,
  purchaseSchema,
} from '@facturo/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut, apiRequest } from '../../lib/api';
import { apiDownload } from '../../lib/api-download';
import { saveBlob } from '../../lib/download';
import type { PurchasePeriod } from './purchases-period';
import { uploadReceipt } from './purchases-upload';

/* Issue 18: the purchases register (GET/POST /achats, PUT/DELETE /achats/{id}, its receipt, its exports). */

export const purchasesQueryKey = ['achats'] as const;

const periodQuery = ({ debut, fin }: PurchasePeriod) => `debut=${debut}&fin=${fin}`;
const purchasePath = (id: string) => `/achats/${encodeURIComponent(id)}`;

export const purchasesQueryOptions = (period: PurchasePeriod) =>
  queryOptions({
    queryKey: [...purchasesQueryKey, period.debut, period.fin],
    queryFn: () => apiGet(`/achats?${periodQuery(period)}`, purchaseListSchema),
    // Another period keeps the last table on screen until its own arrives (no blank flash).
    placeholderData: keepPreviousData,
  });

export type PurchaseSave =
  | { kind: 'create'; body: PurchaseInput }
  | { kind: 'update'; id: string; body: PurchaseInput };

/** Every write changes the list and its totals, whatever the period shown: all of them are read again. */
function useInvalidatingMutation<T, R>(mutationFn: (value: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: purchasesQueryKey }),
  });
}

export function useSavePurchaseMutation() {
  return useInvalidatingMutation((save: PurchaseSave) =>
    save.kind === 'create'
      ? apiPost('/achats', save.body, purchaseSchema)
      : apiPut(purchasePath(save.id), save.body, purchaseSchema),
  );
}

export function useDeletePurchaseMutation() {
  return useInvalidatingMutation((id: string) => apiDelete(purchasePath(id)));
}

export function useUploadReceiptMutation(onProgress: (fraction: number) => void) {
  return useInvalidatingMutation(({ id, file }: { id: string; file: File }) =>
    uploadReceipt(id, file, onProgress),
  );
}

export function useRemoveReceiptMutation() {
  return useInvalidatingMutation((id: string) =>
    apiRequest('DELETE', `${purchasePath(id)}/justificatif`, purchaseSchema),
  );
}

/** The receipt needs the bearer token, so no plain link: fetched, then saved under its own name. */
export async function downloadReceipt(purchase: Purchase): Promise<void> {
  const { blob, fileName } = await apiDownload(
    `${purchasePath(purchase._id)}/justificatif`,
    purchase.justificatif?.type ?? 'application/octet-stream',
  );
  saveBlob(fileName ?? purchase.justificatif?.nom ?? 'justificatif', blob);
}

export async function downloadPurchasesExport(
  period: PurchasePeriod,
  format: PurchaseExportFormat,
): Promise<void> {
  const { blob, fileName } = await apiDownload(
    `/achats/export?${periodQuery(period)}&format=${format}`,
    format === 'pdf' ? 'application/pdf' : 'text/csv',
  );
  saveBlob(fileName ?? purchaseExportFileName(period.debut, period.fin, format), blob);
}
