import { ereportingDetailSchema, ereportingPeriodListSchema } from '@facturo/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api';

/* Issue 19: the e-reporting calls of /facturation-electronique. */

const ereportingKey = ['ereporting'] as const;
const periodPath = (code: string) => `/ereporting/${encodeURIComponent(code)}`;

export const ereportingPeriodsQueryOptions = () =>
  queryOptions({
    queryKey: [...ereportingKey, 'periodes'],
    queryFn: () => apiGet('/ereporting/periodes', ereportingPeriodListSchema),
  });

export const ereportingDetailQueryOptions = (code: string) =>
  queryOptions({
    queryKey: [...ereportingKey, 'detail', code],
    queryFn: () => apiGet(periodPath(code), ereportingDetailSchema),
  });

/** Submits a period; the list and the detail then show the platform's state. */
export function useSubmitEreportingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiPost(`${periodPath(code)}/soumission`, {}, ereportingDetailSchema),
    onSuccess: (detail) => {
      queryClient.setQueryData(ereportingDetailQueryOptions(detail.periode.code).queryKey, detail);
      void queryClient.invalidateQueries({ queryKey: ereportingKey });
    },
  });
}
