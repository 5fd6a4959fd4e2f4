import {
  type InvoiceReminder,
  invoiceReminderSchema,
  type ReminderPlan,
  type ReminderPlanInput,
  reminderPlanSchema,
} from '@facturo/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiPost, apiPut } from '../../lib/api';
import { ApiError } from '../../lib/api-error';

/* Calls of the reminder plan and of an invoice's reminders (issue 17). */

export const remindersQueryKey = ['relances'] as const;
export const reminderPlanQueryKey = [...remindersQueryKey, 'plan'] as const;
const historyKey = (invoiceId: string) => [...remindersQueryKey, 'facture', invoiceId] as const;

export const reminderPlanQueryOptions = () =>
  queryOptions({
    queryKey: reminderPlanQueryKey,
    queryFn: () => apiGet('/relances/plan', reminderPlanSchema),
  });

export const invoiceRemindersQueryOptions = (invoiceId: string) =>
  queryOptions({
    queryKey: historyKey(invoiceId),
    queryFn: () => apiGet(`/factures/${invoiceId}/relances`, z.array(invoiceReminderSchema)),
  });

export function useSaveReminderPlanMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReminderPlanInput): Promise<ReminderPlan> =>
      apiPut('/relances/plan', body, reminderPlanSchema),
    onSuccess: (plan) => queryClient.setQueryData(reminderPlanQueryKey, plan),
  });
}

export function useRemindNowMutation(invoiceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<InvoiceReminder> =>
      apiPost(`/factures/${invoiceId}/relances`, {}, invoiceReminderSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: historyKey(invoiceId) }),
  });
}

/** The server's French reason when it gave one, else `fallback`. */
export function reminderErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage && !error.isNetworkError
    ? error.serverMessage
    : fallback;
}
