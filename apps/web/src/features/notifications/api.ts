import {
  type AppNotification,
  NOTIFICATIONS_PAGE_DEFAULT,
  notificationCountSchema,
  notificationPrefsSchema,
  notificationSchema,
  type ResolvedNotificationPrefs,
} from '@facturo/shared';
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiPost, apiPut } from '../../lib/api';

/* The notification centre's calls (issue 17), as query options and mutations. */

export const notificationsQueryKey = ['notifications'] as const;
export const notificationCountQueryKey = [...notificationsQueryKey, 'non-lues'] as const;
export const notificationListQueryKey = [...notificationsQueryKey, 'liste'] as const;
export const notificationPrefsQueryKey = [...notificationsQueryKey, 'preferences'] as const;

/** The bell's count: set by the event stream (notification.created), re-read when it reconnects. */
export const notificationCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationCountQueryKey,
    queryFn: () => apiGet('/notifications/count', notificationCountSchema),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Newest first; the next page is the one before the oldest shown (`before` cursor). */
export const notificationListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationListQueryKey,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(NOTIFICATIONS_PAGE_DEFAULT) });
      if (pageParam) params.set('before', pageParam);
      return apiGet(`/notifications?${params}`, z.array(notificationSchema));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page: AppNotification[]) =>
      page.length >= NOTIFICATIONS_PAGE_DEFAULT ? (page.at(-1)?._id ?? null) : null,
  });

export const notificationPrefsQueryOptions = () =>
  queryOptions({
    queryKey: notificationPrefsQueryKey,
    queryFn: () => apiGet('/notifications/preferences', notificationPrefsSchema),
  });

/** A new notification arrived (live event): the count is in the event, the list is read again. */
export function notificationArrived(queryClient: QueryClient, nonLues: number): void {
  queryClient.setQueryData(notificationCountQueryKey, { nonLues });
  void queryClient.invalidateQueries({ queryKey: notificationListQueryKey });
}

/** Reading answers with the new count; the list shows the entries read. */
function useReadMutation(path: (id: string | null) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) => apiPost(path(id), undefined, notificationCountSchema),
    onSuccess: (count) => {
      queryClient.setQueryData(notificationCountQueryKey, count);
      void queryClient.invalidateQueries({ queryKey: notificationListQueryKey });
    },
  });
}

export const useReadNotificationMutation = () =>
  useReadMutation((id) => `/notifications/${encodeURIComponent(id ?? '')}/lire`);

export const useReadAllNotificationsMutation = () => useReadMutation(() => '/notifications/tout-lire');

export function useSaveNotificationPrefsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prefs: ResolvedNotificationPrefs) =>
      apiPut('/notifications/preferences', prefs, notificationPrefsSchema),
    onSuccess: (prefs) => queryClient.setQueryData(notificationPrefsQueryKey, prefs),
  });
}
