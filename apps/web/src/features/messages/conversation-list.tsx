import type { Conversation } from '@facturo/shared';
import { Plus, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { Input } from '../../components/ui/input';
import { conversationSubject, conversationTitle, formatActivity, planLabel } from './conversation-labels';
import { UnreadBadge } from './unread-badge';

interface ConversationListProps {
  conversations: Conversation[];
  selectedId: string | null;
  viewerIsAdmin: boolean;
  search: string;
  onSearchChange: (value: string) => void;
  onNew: () => void;
  creating: boolean;
  /** The list's own state line: loading, error or nothing found. */
  status: ReactNode;
}

/** The left column (SPEC §2): search, « Nouveau » and the conversations, most recent first. */
export function ConversationList({
  conversations,
  selectedId,
  viewerIsAdmin,
  search,
  onSearchChange,
  onNew,
  creating,
  status,
}: ConversationListProps) {
  return (
    <section aria-labelledby="conversations-titre" className="flex min-h-0 flex-col">
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 p-3">
        <h2 id="conversations-titre" className="text-base font-semibold text-slate-900">
          Conversations
        </h2>
        <Button size="sm" onClick={onNew} loading={creating}>
          {!creating && <Plus className="size-4" aria-hidden="true" />}
          Nouveau
        </Button>
      </div>
      <div className="relative border-b border-slate-200 p-3">
        <Search
          className="pointer-events-none absolute top-1/2 left-6 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label="Rechercher une conversation"
          placeholder="Rechercher…"
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          className="pl-9"
        />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {status}
        <ul aria-label="Liste des conversations">
          {conversations.map((conversation) => {
            const title = conversationTitle(conversation, viewerIsAdmin);
            const selected = conversation._id === selectedId;
            return (
              <li key={conversation._id}>
                <Link
                  to={`/messages?c=${encodeURIComponent(conversation._id)}`}
                  aria-current={selected ? 'true' : undefined}
                  className={cn(
                    'flex gap-3 border-b border-slate-100 px-3 py-3 text-left focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
                    selected ? 'bg-indigo-50' : 'hover:bg-slate-50',
                  )}
                >
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline justify-between gap-2">
                      <span className="truncate text-sm font-semibold text-slate-900">{title}</span>
                      <span className="shrink-0 text-xs text-slate-600">
                        {formatActivity(conversation.derniereActivite)}
                      </span>
                    </span>
                    <span className="mt-0.5 flex items-center gap-2 text-xs text-slate-600">
                      <span className="truncate">{conversationSubject(conversation)}</span>
                      {viewerIsAdmin && conversation.planUtilisateur && (
                        <Badge tone="indigo">{planLabel(conversation.planUtilisateur)}</Badge>
                      )}
                    </span>
                    <span className="mt-1 flex items-center justify-between gap-2">
                      <span className="truncate text-sm text-slate-700">
                        {conversation.dernierMessage?.contenu ?? 'Aucun message'}
                      </span>
                      <UnreadBadge count={conversation.nonLus} className="shrink-0" />
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
