import {
  type ArchiveProgressEvent,
  archiveFileName,
  type YearlyArchive,
  yearlyArchiveSchema,
} from '@facturo/shared';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiPost } from '../../lib/api';
import { apiDownload } from '../../lib/api-download';
import { saveBlob } from '../../lib/download';

/* Calls of the yearly archives (issue 18): ask for one, follow it, download it. */

export const archivesQueryKey = ['archives'] as const;

/** While an archive is being built, the list is read again this often in case the event stream is cut. */
const UNFINISHED_REFRESH_MS = 5_000;

export const isUnfinished = (archive: Pick<YearlyArchive, 'statut'>) =>
  archive.statut === 'en_attente' || archive.statut === 'en_cours';

export const archivesQueryOptions = () =>
  queryOptions({
    queryKey: archivesQueryKey,
    queryFn: () => apiGet('/archives', z.array(yearlyArchiveSchema)),
    refetchInterval: (query) => (query.state.data?.some(isUnfinished) ? UNFINISHED_REFRESH_MS : false),
  });

/** The list with `archive` first, replacing the row of the same id if there is one. */
export function withArchive(
  list: readonly YearlyArchive[] | undefined,
  archive: YearlyArchive,
): YearlyArchive[] {
  return [archive, ...(list ?? []).filter((a) => a.id !== archive.id)];
}

export function useRequestArchiveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (annee: number): Promise<YearlyArchive> =>
      apiPost('/archives', { annee }, yearlyArchiveSchema),
    onSuccess: (archive) =>
      queryClient.setQueryData<YearlyArchive[]>(archivesQueryKey, (list) => withArchive(list, archive)),
  });
}

/** The list with an `archive.progress` event's figures applied (events arrive in the order sent). */
export function applyArchiveProgress(
  list: readonly YearlyArchive[],
  event: ArchiveProgressEvent,
): YearlyArchive[] {
  return list.map((a) =>
    a.id === event.archiveId ? { ...a, statut: event.statut, fait: event.fait, total: event.total } : a,
  );
}

/**
 * An `archive.progress` event: the bar moves at once from the event's figures; an archive this tab does
 * not know (asked from another one) or one just finished is read again (its size, fingerprint or error).
 */
export function archiveProgressArrived(queryClient: QueryClient, event: ArchiveProgressEvent): void {
  const list = queryClient.getQueryData<YearlyArchive[]>(archivesQueryKey);
  const known = list?.some((a) => a.id === event.archiveId) ?? false;
  if (list && known) queryClient.setQueryData(archivesQueryKey, applyArchiveProgress(list, event));
  if (!known || !isUnfinished(event)) void queryClient.invalidateQueries({ queryKey: archivesQueryKey });
}

export async function downloadArchive(archive: Pick<YearlyArchive, 'id' | 'annee'>): Promise<void> {
  const file = await apiDownload(`/archives/${archive.id}/telechargement`, 'application/zip');
  saveBlob(file.fileName ?? archiveFileName(archive.annee), file.blob);
}
