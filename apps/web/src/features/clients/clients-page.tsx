import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { LoadingStatus } from '../../components/ui/loading-status';
import { ClientInvoicesSection } from '../invoices/client-invoices-section';
import { subscriptionInfoQueryOptions } from '../subscription/api';
import { AddClientDialog } from './add-client-dialog';
import { AddClientFab } from './add-client-fab';
import { clientQueryOptions, loadedClient } from './api';
import { ClientDetail } from './client-detail';
import { ClientEditScreen } from './client-edit-screen';
import type { ClientFilter } from './client-filters';
import { type ClientQuota, clientQuotaBlock } from './client-quota';
import { ClientQuotaAlert } from './client-quota-alert';
import { ClientsDirectory } from './clients-directory';

/**
 * Which screen of /clients is shown. SPEC §2 makes the detail a panel opened from the list, not a route;
 * the edit screen follows it. The client is read from the server (GET /clients/{id}), so it is always its
 * latest copy, and a client deleted meanwhile (404) simply brings the list back.
 */
type View = { name: 'list'; focusId: string | null } | { name: 'detail' | 'edit'; id: string };

const LIST: View = { name: 'list', focusId: null };

/** /clients (professionals only; the route guard sends the others to /mentions-legales). */
export function ClientsPage() {
  const [view, setView] = useState<View>(LIST);
  const [filter, setFilter] = useState<ClientFilter>('tous');
  const [adding, setAdding] = useState(false);
  const [quotaReached, setQuotaReached] = useState<ClientQuota | null>(null);
  const queryClient = useQueryClient();
  const dismissQuota = useCallback(() => setQuotaReached(null), []);

  /** A free plan with no client left gets the quota alert instead of the form (SPEC §6, §8). */
  async function startAdding() {
    const info = await queryClient
      .fetchQuery({ ...subscriptionInfoQueryOptions(), staleTime: 0 })
      .catch(() => undefined);
    const blocked = clientQuotaBlock(info);
    if (blocked) setQuotaReached(blocked);
    else setAdding(true);
  }

  function show(next: View) {
    setView(next);
    // Each screen starts at its top, like a page would.
    window.scrollTo({ top: 0 });
  }

  const openId = view.name === 'list' ? null : view.id;
  // The directory holds only the pages it loaded: the client is read on its own, shown at once from a
  // loaded page while the server's copy comes.
  const detail = useQuery({
    ...clientQueryOptions(openId ?? ''),
    enabled: openId !== null,
    placeholderData: () => (openId ? loadedClient(queryClient, openId) : undefined),
  });
  const current = openId !== null && detail.data?._id === openId ? detail.data : undefined;
  const backToList = (focusId: string | null) => show({ name: 'list', focusId });

  let screen: ReactNode;
  if (view.name === 'edit' && current) {
    screen = (
      <ClientEditScreen
        client={current}
        onBack={() => show({ name: 'detail', id: current._id })}
        // Brief of this issue: after the 2 s notice, back to the list.
        onSaved={() => backToList(current._id)}
      />
    );
  } else if (view.name === 'detail' && current) {
    screen = (
      <ClientDetail
        client={current}
        onBack={() => backToList(current._id)}
        onEdit={() => show({ name: 'edit', id: current._id })}
        onDeleted={() => backToList(null)}
        invoicesSection={<ClientInvoicesSection clientId={current._id} />}
      />
    );
  } else if (openId !== null && detail.isPending) {
    screen = <LoadingStatus>Chargement du client...</LoadingStatus>;
  } else {
    screen = (
      <ClientsDirectory
        filter={filter}
        onFilterChange={setFilter}
        onOpen={(client) => show({ name: 'detail', id: client._id })}
        onAdd={() => void startAdding()}
        focusClientId={view.name === 'list' ? view.focusId : null}
      />
    );
  }

  return (
    // The bottom padding keeps the last card clear of the floating button.
    <div className="mx-auto max-w-5xl pb-24">
      {quotaReached && <ClientQuotaAlert quota={quotaReached} onDismiss={dismissQuota} />}
      {screen}
      {!current && <AddClientFab onClick={() => void startAdding()} />}
      <AddClientDialog open={adding} onOpenChange={setAdding} />
    </div>
  );
}
