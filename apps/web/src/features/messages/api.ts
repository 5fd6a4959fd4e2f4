import {
  type Conversation,
  conversationSchema,
  invoiceConversationResponseSchema,
  MESSAGES_PAGE_DEFAULT,
  type Message,
  messageSchema,
  unreadCountSchema,
} from '@facturo/shared';
import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiPost, apiSend } from '../../lib/api';

/* Calls of the messaging area (SPEC §7 Messages, issue 14), as query options and mutations. */

export const messagingQueryKey = ['messagerie'] as const;
export const unreadCountQueryKey = [...messagingQueryKey, 'non-lus'] as const;
export const conversationsQueryKey = [...messagingQueryKey, 'conversations'] as const;
export const threadsQueryKey = [...messagingQueryKey, 'fil'] as const;
export const threadQueryKey = (id: string) => [...threadsQueryKey, id] as const;

/** Kept fresh by the event stream (unread.changed), re-read when it reconnects. */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: unreadCountQueryKey,
    queryFn: () => apiGet('/messages/unread-count', unreadCountSchema),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const conversationsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...conversationsQueryKey, q],
    queryFn: () =>
      apiGet(
        q === '' ? '/conversations' : `/conversations?q=${encodeURIComponent(q)}`,
        z.array(conversationSchema),
      ),
    placeholderData: keepPreviousData,
  });

/**
 * One conversation's messages, newest page first: each page is oldest-first, and the next page is the
 * one before the oldest message shown (`before` cursor). Reading marks the other side's messages vu.
 */
export const threadQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: threadQueryKey(id),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(MESSAGES_PAGE_DEFAULT) });
      if (pageParam) params.set('before', pageParam);
      return apiGet(`/conversations/${encodeURIComponent(id)}/messages?${params}`, z.array(messageSchema));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page: Message[]) =>
      page.length >= MESSAGES_PAGE_DEFAULT ? (page[0]?._id ?? null) : null,
    // The stream says when something changed; no need to re-read on every focus.
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * A conversation's messages changed (a new one, or ours read). Reading them marks the other side's « vu »,
 * so a tab out of sight only marks them stale: they are read, and marked, once the tab is looked at again
 * (react-query refetches a stale query on screen when its window becomes visible). Without an id: every
 * conversation's (the stream reconnected).
 */
export function refreshThread(queryClient: QueryClient, conversationId?: string): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: conversationId === undefined ? threadsQueryKey : threadQueryKey(conversationId),
    refetchType: document.visibilityState === 'hidden' ? 'none' : 'active',
  });
}

/** The pages put back in reading order: oldest first. */
export function flattenThread(pages: readonly Message[][]): Message[] {
  return [...pages].reverse().flat();
}

/** SPEC §7: after a send, the messages and the conversation list are reloaded. */
export function useSendMessageMutation(conversationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (contenu: string) => {
      if (!conversationId) throw new Error('Aucune conversation sélectionnée.');
      await apiSend('POST', `/conversations/${encodeURIComponent(conversationId)}/messages`, {
        body: { contenu },
      });
    },
    onSuccess: () =>
      Promise.all([
        conversationId && queryClient.invalidateQueries({ queryKey: threadQueryKey(conversationId) }),
        queryClient.invalidateQueries({ queryKey: conversationsQueryKey }),
      ]),
  });
}

/** « Nouveau »: the user's support conversation, created the first time (idempotent on the server). */
export function useCreateSupportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost('/conversations/create-support', undefined, conversationSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationsQueryKey }),
  });
}

/** « Contacter l'émetteur / le client »: the invoice's conversation between its two parties. */
export function useInvoiceConversationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invoiceId: string): Promise<Conversation> =>
      apiPost(
        `/factures/${encodeURIComponent(invoiceId)}/conversation`,
        undefined,
        invoiceConversationResponseSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationsQueryKey }),
  });
}
