import { MESSAGING_MESSAGES } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { cn } from '../../components/ui/cn';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { useSession } from '../../lib/session';
import { conversationsQueryOptions, useCreateSupportMutation } from './api';
import { ChatPane } from './chat-pane';
import { ConversationList } from './conversation-list';
import { useIsDesktop } from './use-desktop';

/** How long typing pauses before the search is sent, so each key does not cost a request. */
const SEARCH_PAUSE_MS = 250;

function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), SEARCH_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * /messages (SPEC §2, issue 14). The open conversation is in the address (?c=…), so the back button and
 * a shared link work. On a desktop the list and the chat sit side by side; on a phone the list shows until
 * one is chosen, then the chat alone. No conversation ever opens by itself: opening one reads it and marks the
 * sender's messages « Vu », which only a person choosing it may do, and a list reordered by a new message must
 * never switch the pane under the reader.
 */
export function MessagesPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const isDesktop = useIsDesktop();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const conversations = useQuery(conversationsQueryOptions(q));
  const createSupport = useCreateSupportMutation();
  const [createError, setCreateError] = useState(false);

  const list = conversations.data ?? [];
  const requested = params.get('c');
  const selectedId = requested;
  // A conversation outside the current search stays open: it is looked up in the unfiltered list too.
  const all = useQuery({ ...conversationsQueryOptions(''), enabled: q !== '' && requested !== null });
  const selected =
    list.find((c) => c._id === selectedId) ?? all.data?.find((c) => c._id === selectedId) ?? null;
  const showChat = isDesktop || requested !== null;
  const showList = isDesktop || requested === null;

  async function openSupport() {
    setCreateError(false);
    try {
      const conversation = await createSupport.mutateAsync();
      navigate(`/messages?c=${encodeURIComponent(conversation._id)}`);
    } catch {
      setCreateError(true);
    }
  }

  const status = conversations.isPending ? (
    <div className="p-3">
      <LoadingStatus>Chargement des conversations...</LoadingStatus>
    </div>
  ) : conversations.isError ? (
    <div className="p-3">
      <LoadError message="Erreur lors du chargement des conversations." query={conversations} />
    </div>
  ) : list.length === 0 ? (
    <p className="p-4 text-sm text-slate-600">
      {q === ''
        ? 'Aucune conversation. Écrivez au support avec « Nouveau ».'
        : 'Aucune conversation trouvée.'}
    </p>
  ) : null;

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <title>Messages · Facturo</title>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Messages</h1>
      {createError && <Alert variant="error">{MESSAGING_MESSAGES.createFailed}</Alert>}
      <div className="flex h-[calc(100dvh-12rem)] min-h-[26rem] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm md:h-[calc(100dvh-11rem)]">
        {showList && (
          <div
            className={cn(
              'flex min-h-0 flex-col',
              isDesktop ? 'w-80 shrink-0 border-r border-slate-200' : 'w-full',
            )}
          >
            <ConversationList
              conversations={list}
              selectedId={selectedId}
              viewerIsAdmin={user?.isAdmin ?? false}
              search={search}
              onSearchChange={setSearch}
              onNew={() => void openSupport()}
              creating={createSupport.isPending}
              status={status}
            />
          </div>
        )}
        {showChat && (
          <ChatPane conversation={selected} viewerIsAdmin={user?.isAdmin ?? false} showBack={!isDesktop} />
        )}
      </div>
    </div>
  );
}
