import {
  type CheckoutSessionStatus,
  checkoutSessionSchema,
  checkoutSessionStatusSchema,
  type PaidPlan,
  PLAN_CATALOGUE,
  plansCatalogueSchema,
  type SubscriptionInfo,
  subscriptionInfoSchema,
} from '@facturo/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import { apiGet, apiPost, apiPut } from '../../lib/api';
import { currentUserQueryKey } from '../../lib/session';

/* Calls of the subscription API (SPEC §7), as query options and mutations for the pages. */

export const subscriptionQueryKey = ['subscription'] as const;
/** Invalidated by invoice and client writes too: the free plan's counts live here. */
export const subscriptionInfoQueryKey = [...subscriptionQueryKey, 'info'] as const;

export const subscriptionInfoQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionInfoQueryKey,
    queryFn: () => apiGet('/subscription/info', subscriptionInfoSchema),
  });

/**
 * The server's catalogue; the shared one stands in until it answers (and if it never does), since both
 * come from the same code and only prices for display are at stake.
 */
export const plansQueryOptions = () =>
  queryOptions({
    queryKey: [...subscriptionQueryKey, 'plans'],
    queryFn: () => apiGet('/subscription/plans', plansCatalogueSchema),
    placeholderData: PLAN_CATALOGUE,
    staleTime: Number.POSITIVE_INFINITY,
  });

const sessionPath = (id: string) => encodeURIComponent(id);

/** A checkout session is re-read while the provider has not settled it (Stripe's webhook may lag). */
export const checkoutSessionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...subscriptionQueryKey, 'checkout', id],
    queryFn: () => apiGet(`/subscription/checkout-session/${sessionPath(id)}`, checkoutSessionStatusSchema),
  });

/** A missing or empty url is an error (SPEC §7): the browser would have nowhere to go. */
const checkoutUrlSchema = checkoutSessionSchema.extend({ url: z.string().min(1) });

/** Opens a checkout session and answers where the browser must go to pay. */
export const startCheckout = async (planName: PaidPlan): Promise<string> => {
  const { url } = await apiPost('/subscription/create-checkout-session', { planName }, checkoutUrlSchema);
  return url;
};

/** Both plan changes also change the session user's planActuel (sidebar, quotas): re-read both. */
function useRefreshPlan() {
  const queryClient = useQueryClient();
  // Stable, so an effect may depend on it.
  return useCallback(
    (info?: SubscriptionInfo) => {
      if (info) queryClient.setQueryData(subscriptionInfoQueryKey, info);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionInfoQueryKey }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      ]);
    },
    [queryClient],
  );
}

/** The page leaves for the provider's url itself; nothing to refresh here. */
export const useCheckoutMutation = () => useMutation({ mutationFn: startCheckout });

export function useCancelSubscriptionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost('/subscription/cancel', {}, subscriptionInfoSchema),
    onSuccess: (info) => queryClient.setQueryData(subscriptionInfoQueryKey, info),
  });
}

export function useReactivateSubscriptionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost('/subscription/reactivate', {}, subscriptionInfoSchema),
    onSuccess: (info) => queryClient.setQueryData(subscriptionInfoQueryKey, info),
  });
}

export function useSwitchPlanMutation() {
  const refreshPlan = useRefreshPlan();
  return useMutation({
    mutationFn: (plan: PaidPlan) => apiPut('/subscription/upgrade', { plan }, subscriptionInfoSchema),
    onSuccess: (info) => refreshPlan(info),
  });
}

/**
 * Test mode only: stands in for the provider's confirmation or cancellation. The session's new state is
 * not written to the cache here: the page would swap its buttons for the "already done" notice, and the
 * caller's onSuccess (which leaves the page) would never run for an unmounted component.
 */
export function useCloseTestCheckoutMutation() {
  const refreshPlan = useRefreshPlan();
  return useMutation({
    mutationFn: ({ id, outcome }: { id: string; outcome: 'confirm' | 'cancel' }) =>
      apiPost(`/subscription/test-checkout/${sessionPath(id)}/${outcome}`, {}, checkoutSessionStatusSchema),
    onSuccess: async (session: CheckoutSessionStatus) => {
      if (session.status === 'completed') await refreshPlan();
    },
  });
}

/** Once the page has been left, the session's settled state can go into the cache for the next page. */
export function useRememberCheckoutSession() {
  const queryClient = useQueryClient();
  return (session: CheckoutSessionStatus) =>
    queryClient.setQueryData(checkoutSessionQueryOptions(session.sessionId).queryKey, session);
}

/** After a provider's return: the plan may have changed behind the app's back. */
export function useRefreshPlanAfterCheckout() {
  return useRefreshPlan();
}
