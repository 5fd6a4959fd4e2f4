import {
  dashboardSchema,
  type UrssafActivity,
  type UrssafPeriodCode,
  urssafActivityBodySchema,
  urssafSummarySchema,
} from '@facturo/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPut } from '../../lib/api';

/* Calls of /tableau-de-bord (issue 17): the figures, the URSSAF helper and its activity. */

export const dashboardQueryKey = ['tableau-de-bord'] as const;
const urssafQueryKey = [...dashboardQueryKey, 'urssaf'] as const;

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardQueryKey,
    queryFn: () => apiGet('/tableau-de-bord', dashboardSchema),
    // A payment recorded a moment ago on an invoice's page must show here at once: read on every visit.
    staleTime: 0,
  });

export const urssafQueryOptions = (annee: number, periode: UrssafPeriodCode) =>
  queryOptions({
    queryKey: [...urssafQueryKey, annee, periode],
    queryFn: () =>
      apiGet(
        `/tableau-de-bord/urssaf?${new URLSearchParams({ annee: String(annee), periode })}`,
        urssafSummarySchema,
      ),
    // The figures of the previous choice stay on screen while the next ones load.
    placeholderData: (previous) => previous,
  });

/** Keeps the activity on the account; every period's contribution is then read again. */
export function useUrssafActivityMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (activite: UrssafActivity) =>
      apiPut('/tableau-de-bord/activite-urssaf', { activite }, urssafActivityBodySchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: urssafQueryKey }),
  });
}
