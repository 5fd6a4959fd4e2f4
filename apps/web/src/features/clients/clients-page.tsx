import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
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
 * latest copy, and a client deleted meanwhile (404) simply brings the list back. Issue 17: each screen is
 * a history entry of /clients (its state, the URL and its ?q= unchanged), so the browser's Back from a
 * client goes back to the list as it was, search included.
 */
type View = { name: 'list'; focusId: string | null } | { name: 'detail' | 'edit'; id: string };

const LIST: View = { name: 'list', focusId: null };

function isView(state: unknown): state is View {
  if (typeof state !== 'object' || state === null || !('name' in state)) return false;
  if (state.name === 'list') return 'focusId' in state;
  return (state.name === 'detail' || state.name === 'edit') && 'id' in state && typeof state.id === 'string';
}

/** The screen the current history entry holds, and moves that add, replace or leave entries. */
function useHistoryView() {
  const location = useLocation();
  const navigate = useNavigate();
  const view: View = isView(location.state) ? location.state : LIST;
  const here = `${location.pathname}${location.search}`;
  return {
    view,
    push: (next: View) => navigate(here, { state: next }),
    replace: (next: View) => navigate(here, { state: next, replace: true }),
    /** Back `steps` entries: the screens under this one are the ones it was opened from. */
    back: (steps: number) => navigate(-steps),
  };
}

/** /clients (professionals only; the route guard sends the others to /mentions-legales). */
export function ClientsPage() {
  const { view, push, replace, back } = useHistoryView();
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

  // Each screen starts at its top, like a page would.
  const screenKey = view.name === 'list' ? 'list' : `${view.name}:${view.id}`;
  useEffect(() => {
    if (screenKey) window.scrollTo({ top: 0 });
  }, [screenKey]);

  /** From the list: the list's entry remembers the client (focus on return), then the client is pushed. */
  function open(id: string) {
    replace({ name: 'list', focusId: id });
    push({ name: 'detail', id });
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

  let screen: ReactNode;
  if (view.name === 'edit' && current) {
    screen = (
      <ClientEditScreen
        client={current}
        onBack={() => back(1)}
        // Brief of this issue: after the 2 s notice, back to the list (under the detail, under this).
        onSaved={() => back(2)}
      />
    );
  } else if (view.name === 'detail' && current) {
    screen = (
      <ClientDetail
        client={current}
        onBack={() => back(1)}
        onEdit={() => push({ name: 'edit', id: current._id })}
        // The client is gone: this entry becomes the list, with no card to return to.
        onDeleted={() => replace(LIST)}
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
        onOpen={(client) => open(client._id)}
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
