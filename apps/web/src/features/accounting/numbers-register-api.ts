import { numbersRegisterSchema } from '@facturo/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import { apiDownload, type DownloadedFile } from '../../lib/api-download';

/* Calls of /registre-numeros and its CSV. */

const yearQuery = (year: number) => new URLSearchParams({ annee: String(year) });

export const numbersRegisterQueryOptions = (year: number) =>
  queryOptions({
    queryKey: ['registre-numeros', year],
    queryFn: () => apiGet(`/registre-numeros?${yearQuery(year)}`, numbersRegisterSchema),
    // A number given or cancelled a moment ago must show: read on every visit.
    staleTime: 0,
    placeholderData: (previous) => previous,
  });

export const fetchNumbersRegisterCsv = (year: number): Promise<DownloadedFile> =>
  apiDownload(`/registre-numeros.csv?${yearQuery(year)}`, 'text/csv');
