import type { Conversation } from '@facturo/shared';
import { ArrowLeft, FileText } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { CounterpartBadge, unreachableReason } from '../counterpart/counterpart-badge';
import { conversationSubject, conversationTitle, planLabel } from './conversation-labels';
import { MessageComposer } from './message-composer';
import { MessageThread } from './message-thread';

interface ChatPaneProps {
  conversation: Conversation | null;
  viewerIsAdmin: boolean;
  /** Mobile: the way back to the list, which the chat replaces there. */
  showBack: boolean;
}

/** The right column (SPEC §2): who one talks with, the messages, and the input. */
export function ChatPane({ conversation, viewerIsAdmin, showBack }: ChatPaneProps) {
  return (
    <section aria-labelledby="conversation-titre" className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-3 border-b border-slate-200 p-3">
        {showBack && (
          <Link
            to="/messages"
            className="-ml-1 rounded-md p-1 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <ArrowLeft className="size-5" aria-hidden="true" />
            <span className="sr-only">Retour aux conversations</span>
          </Link>
        )}
        <div className="min-w-0 flex-1">
          <h2 id="conversation-titre" className="truncate text-base font-semibold text-slate-900">
            {conversation ? conversationTitle(conversation, viewerIsAdmin) : 'Choisissez une conversation'}
          </h2>
          {conversation && (
            <p className="flex items-center gap-2 text-xs text-slate-600">
              {conversation.factureId ? (
                <Link
                  to={`/factures/${encodeURIComponent(conversation.factureId)}`}
                  className="inline-flex items-center gap-1 font-medium text-indigo-700 underline-offset-2 hover:underline"
                >
                  <FileText className="size-3.5" aria-hidden="true" />
                  {conversationSubject(conversation)}
                </Link>
              ) : (
                <span>{conversationSubject(conversation)}</span>
              )}
              <CounterpartBadge counterpart={conversation.contrepartie} />
              {viewerIsAdmin && conversation.planUtilisateur && (
                <Badge tone="indigo">Plan {planLabel(conversation.planUtilisateur)}</Badge>
              )}
            </p>
          )}
        </div>
      </header>
      {conversation ? (
        <MessageThread key={conversation._id} conversationId={conversation._id} />
      ) : (
        <p className="flex flex-1 items-center justify-center p-6 text-center text-sm text-slate-600">
          Ouvrez une conversation dans la liste pour la lire, ou écrivez au support avec « Nouveau ».
        </p>
      )}
      <MessageComposer
        key={conversation?._id ?? 'aucune'}
        conversationId={conversation?._id ?? null}
        unreachable={unreachableReason(conversation?.contrepartie)}
      />
    </section>
  );
}
