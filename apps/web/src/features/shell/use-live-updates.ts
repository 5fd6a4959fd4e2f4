import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { endBannedSession, endExpiredSession } from '../../lib/api';
import { connectLiveEvents, type LiveEvent } from '../../lib/live-events';
import { readToken } from '../../lib/session-store';
import { archiveProgressArrived } from '../accounting/archive-api';
import { dashboardQueryKey } from '../dashboard/api';
import { platformFlowsQueryKey } from '../einvoicing/api';
import { invoicesQueryKey } from '../invoices/api';
import { conversationsQueryKey, refreshThread, unreadCountQueryKey } from '../messages/api';
import { notificationArrived, notificationCountQueryKey } from '../notifications/api';
import { quotesQueryKey } from '../quotes/api';
import { remindersQueryKey } from '../reminders/api';
import { supplierInvoicesQueryKey } from '../supplier-invoices/supplier-invoices-api';

/**
 * Keeps the signed-in tab's caches true to the server through the event stream: one connection for the
 * whole app, opened with the session and closed at sign-out or when another account signs in.
 */
export function useLiveUpdates(userId: string): void {
  const queryClient = useQueryClient();
  // biome-ignore lint/correctness/useExhaustiveDependencies: another account (userId) needs its own stream and token.
  useEffect(() => {
    const token = readToken();
    if (!token) return;
    const apply = (event: LiveEvent) => {
      switch (event.type) {
        case 'unread.changed':
          queryClient.setQueryData(unreadCountQueryKey, { count: event.data.count });
          // The list's per-conversation badges moved with it.
          void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
          return;
        case 'message.created':
          // Not read while the tab is out of sight: no « vu » for a message nobody saw.
          void refreshThread(queryClient, event.data.conversationId);
          void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
          return;
        case 'message.read':
          // The other side read: our messages get their second tick.
          void refreshThread(queryClient, event.data.conversationId);
          return;
        case 'invoice.received':
        case 'invoice.status_changed':
          // A payment or a status moves the dashboard's figures as well as the lists.
          void queryClient.invalidateQueries({ queryKey: invoicesQueryKey });
          void queryClient.invalidateQueries({ queryKey: dashboardQueryKey });
          return;
        case 'notification.created':
          notificationArrived(queryClient, event.data.nonLues);
          // A reminder the sweep just sent is told by a notification: an open invoice shows it in its history.
          void queryClient.invalidateQueries({ queryKey: remindersQueryKey });
          return;
        case 'quote.received':
        case 'quote.status_changed':
          void queryClient.invalidateQueries({ queryKey: quotesQueryKey });
          return;
        case 'lifecycle.changed':
          // Issue 19: a platform status reached an invoice (its timeline, maybe a declared payment), or a
          // received supplier invoice (the inbox and its timeline).
          if (event.data.factureId) void queryClient.invalidateQueries({ queryKey: invoicesQueryKey });
          if (event.data.factureFournisseurId) {
            void queryClient.invalidateQueries({ queryKey: supplierInvoicesQueryKey });
          }
          // The flows exchanged with the platform, on /facturation-electronique.
          void queryClient.invalidateQueries({ queryKey: platformFlowsQueryKey });
          return;
        case 'archive.progress':
          // Issue 18: the yearly archive's progress bar on /comptabilite.
          archiveProgressArrived(queryClient, event.data);
          return;
        case 'supplier_invoice.received':
          // Issue 19: the inbox, and a received invoice's timeline.
          void queryClient.invalidateQueries({ queryKey: supplierInvoicesQueryKey });
          void queryClient.invalidateQueries({ queryKey: platformFlowsQueryKey });
          return;
      }
    };
    return connectLiveEvents({
      token,
      onEvent: apply,
      // The count read at start may predate the stream; after a cut, anything beyond the server's resume
      // window may be missing: read again what the events would have changed.
      onOpen: (reconnected) => {
        void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
        void queryClient.invalidateQueries({ queryKey: notificationCountQueryKey });
        if (!reconnected) return;
        void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
        void refreshThread(queryClient);
      },
      onUnauthorized: endExpiredSession,
      onBanned: endBannedSession,
    });
  }, [queryClient, userId]);
}
