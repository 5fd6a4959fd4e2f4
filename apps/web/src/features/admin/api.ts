import {
  type AdminGrantablePlan,
  type AdminUser,
  type AdminUsersQuery,
  adminStatsSchema,
  adminSubscriptionSchema,
  adminUserDetailsSchema,
  adminUserSchema,
  type QuotasRequest,
  realtimeMetricsSchema,
  resetAllQuotasResultSchema,
  siretDuplicatesSchema,
  syncSubscriptionsResultSchema,
  trialStatsSchema,
  usageHistorySchema,
  usageOverviewSchema,
  usageStatsSchema,
} from '@facturo/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiPost, apiPut, apiSend } from '../../lib/api';
import { apiDownload, type DownloadedFile } from '../../lib/api-download';
import { unexpectedResponseError } from '../../lib/api-error';
import { usersSearchParams } from './user-filters';

/* Calls of the admin API (SPEC §7, issue 13), as query options and mutations for the /admin page. */

export const adminQueryKey = ['admin'] as const;
const usersKey = [...adminQueryKey, 'users'] as const;
const userKey = (id: string) => [...adminQueryKey, 'user', id] as const;

/** How often the live metrics are read again: the replicas write a heartbeat every 10 s. */
export const METRICS_REFRESH_MS = 5_000;

export const adminStatsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminQueryKey, 'stats'],
    queryFn: () => apiGet('/admin/stats', adminStatsSchema),
  });

export const trialStatsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminQueryKey, 'trial-stats'],
    queryFn: () => apiGet('/admin/trial-stats', trialStatsSchema),
  });

export const usageStatsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminQueryKey, 'usage-stats'],
    queryFn: () => apiGet('/admin/usage-stats', usageStatsSchema),
  });

export const usageOverviewQueryOptions = () =>
  queryOptions({
    queryKey: [...adminQueryKey, 'usage-overview'],
    queryFn: () => apiGet('/admin/usage-overview', usageOverviewSchema),
  });

export const realtimeMetricsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminQueryKey, 'metrics'],
    queryFn: () => apiGet('/admin/metrics/realtime', realtimeMetricsSchema),
    refetchInterval: METRICS_REFRESH_MS,
    // A hidden tab has nobody to show it to.
    refetchIntervalInBackground: false,
  });

export const siretDuplicatesQueryOptions = () =>
  queryOptions({
    queryKey: [...adminQueryKey, 'siret-duplicates'],
    queryFn: () => apiGet('/admin/siret-duplicates', siretDuplicatesSchema),
  });

export interface UsersPage {
  users: AdminUser[];
  /** The size of the whole filtered set (X-Total-Count); the page's length when the header is missing. */
  total: number;
}

/** SPEC §8: anything but an array of users is « Format de données utilisateurs incorrect ». */
export class BadUsersFormatError extends Error {
  override readonly name = 'BadUsersFormatError';
}

async function fetchUsers(query: AdminUsersQuery): Promise<UsersPage> {
  const search = usersSearchParams(query).toString();
  const response = await apiSend('GET', `/admin/users${search ? `?${search}` : ''}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new BadUsersFormatError();
  }
  const parsed = z.array(adminUserSchema).safeParse(body);
  if (!parsed.success) throw new BadUsersFormatError();
  const total = Number(response.headers.get('X-Total-Count'));
  return { users: parsed.data, total: Number.isFinite(total) && total > 0 ? total : parsed.data.length };
}

export const adminUsersQueryOptions = (query: AdminUsersQuery) =>
  queryOptions({
    queryKey: [...usersKey, query],
    queryFn: () => fetchUsers(query),
    // Paging and typing keep the previous rows on screen instead of flashing the loading state.
    placeholderData: keepPreviousData,
  });

export const userDetailsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...userKey(id), 'details'],
    queryFn: () => apiGet(`/admin/users/${encodeURIComponent(id)}/details`, adminUserDetailsSchema),
  });

export const userSubscriptionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...userKey(id), 'subscription'],
    queryFn: () => apiGet(`/admin/users/${encodeURIComponent(id)}/subscription`, adminSubscriptionSchema),
  });

/** Six months: enough to see a trend in a dialog. */
export const USAGE_HISTORY_MONTHS = 6;

export const userUsageHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...userKey(id), 'usage-history'],
    queryFn: () =>
      apiGet(
        `/admin/users/${encodeURIComponent(id)}/usage-history?mois=${USAGE_HISTORY_MONTHS}`,
        usageHistorySchema,
      ),
  });

/** Any answer body is accepted for the writes: the page reads the user again, the server's copy wins. */
const anyBody = z.unknown();

/** After an action on one user: their dialog, the list and the counters may all have changed. */
function useAdminRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminQueryKey });
}

function useUserAction<T, R>(send: (input: T) => Promise<R>) {
  const refresh = useAdminRefresh();
  return useMutation({ mutationFn: send, onSuccess: () => refresh() });
}

const userPath = (id: string) => `/admin/users/${encodeURIComponent(id)}`;

export const useBanMutation = () =>
  useUserAction(({ id, isBanned }: { id: string; isBanned: boolean }) =>
    apiPut(`${userPath(id)}/ban`, { isBanned }, anyBody),
  );

export const usePlanMutation = () =>
  useUserAction(({ id, plan }: { id: string; plan: AdminGrantablePlan }) =>
    apiPut(`${userPath(id)}/plan`, { plan }, anyBody),
  );

export const useExtendTrialMutation = () =>
  useUserAction(({ id, jours }: { id: string; jours: number }) =>
    apiPut(`/admin/extend-trial/${encodeURIComponent(id)}`, { jours }, anyBody),
  );

export const useQuotasMutation = () =>
  useUserAction(({ id, quotas }: { id: string; quotas: QuotasRequest }) =>
    apiPut(`${userPath(id)}/quotas`, quotas, anyBody),
  );

export const useResetUserQuotasMutation = () =>
  useUserAction((id: string) => apiPost(`${userPath(id)}/reset-quotas`, {}, anyBody));

/** DELETE answers 204, or 200 with a body: both mean the account is closed. */
export const useDeleteUserMutation = () =>
  useUserAction(async (id: string) => {
    const response = await apiSend('DELETE', userPath(id));
    if (response.status >= 300) throw unexpectedResponseError(response.status);
  });

export const useResetAllQuotasMutation = () =>
  useUserAction(() => apiPost('/admin/reset-quotas', {}, resetAllQuotasResultSchema));

export const useSyncSubscriptionsMutation = () =>
  useUserAction(() => apiPost('/admin/sync-subscriptions', {}, syncSubscriptionsResultSchema));

/** The export is audited on the server; the dialog's audit is read again after it. */
export const useExportUserMutation = () =>
  useUserAction(
    (id: string): Promise<DownloadedFile> => apiDownload(`${userPath(id)}/export`, 'application/json'),
  );

/** « Rendre le SIRET à ce compte »: answers 204, or 409 while another open account still holds it. */
export const useRestoreSiretMutation = () =>
  useUserAction(async (id: string) => {
    const response = await apiSend('POST', `/admin/siret-duplicates/${encodeURIComponent(id)}/restore`);
    if (response.status >= 300) throw unexpectedResponseError(response.status);
  });
