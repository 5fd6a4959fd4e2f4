import { receiptsBookSchema } from '@facturo/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import { apiDownload, type DownloadedFile } from '../../lib/api-download';
import type { ReceiptsPeriod } from './receipts-period';

/* Calls of /livre-recettes and /fec (issue 18). */

export const receiptsBookQueryKey = ['livre-recettes'] as const;

const periodQuery = (period: ReceiptsPeriod) => new URLSearchParams({ debut: period.debut, fin: period.fin });

export const receiptsBookQueryOptions = (period: ReceiptsPeriod) =>
  queryOptions({
    queryKey: [...receiptsBookQueryKey, period.debut, period.fin],
    queryFn: () => apiGet(`/livre-recettes?${periodQuery(period)}`, receiptsBookSchema),
    // A payment recorded a moment ago must show: read on every visit; the last period stays while the next loads.
    staleTime: 0,
    placeholderData: (previous) => previous,
  });

export function fetchReceiptsBookFile(
  period: ReceiptsPeriod,
  format: 'csv' | 'pdf',
): Promise<DownloadedFile> {
  const params = periodQuery(period);
  params.set('format', format);
  return apiDownload(`/livre-recettes?${params}`, format === 'csv' ? 'text/csv' : 'application/pdf');
}

export const fetchFec = (year: number): Promise<DownloadedFile> =>
  apiDownload(`/fec?${new URLSearchParams({ annee: String(year) })}`, 'text/plain');
