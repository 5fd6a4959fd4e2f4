import { journalSealSchema, journalVerificationSchema } from '@facturo/shared';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '../../lib/api';
import { apiDownload, type DownloadedFile } from '../../lib/api-download';

/* Calls of the journal (issue 18): its verification, the monthly seals and each seal's file. */

export const journalQueryKey = ['journal'] as const;

export const journalVerificationQueryOptions = () =>
  queryOptions({
    queryKey: [...journalQueryKey, 'verification'],
    queryFn: () => apiGet('/journal/verification', journalVerificationSchema),
  });

export const journalSealsQueryOptions = () =>
  queryOptions({
    queryKey: [...journalQueryKey, 'sceaux'],
    queryFn: () => apiGet('/journal/sceaux', z.array(journalSealSchema)),
  });

export const downloadSeal = (month: string): Promise<DownloadedFile> =>
  apiDownload(`/journal/sceaux/${month}`, 'application/json');
