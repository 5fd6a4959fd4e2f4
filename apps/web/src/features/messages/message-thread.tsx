import type { Message } from '@facturo/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { flattenThread, threadQueryOptions } from './api';
import { senderName } from './conversation-labels';
import { MessageBubble } from './message-bubble';

/** Older messages load when the reader scrolls this close to the top. */
const LOAD_OLDER_THRESHOLD_PX = 80;

/** What the live region says of messages that arrived from the other side while the chat was open. */
export function announcementFor(arrived: readonly Message[]): string {
  const incoming = arrived.filter((message) => !message.estMoi);
  const last = incoming.at(-1);
  if (!last) return '';
  const count = incoming.length > 1 ? `${incoming.length} nouveaux messages. ` : '';
  return `${count}Nouveau message de ${senderName(last)} : ${last.contenu}`;
}

/**
 * The messages of one conversation, oldest at the top: opens on the newest, follows new ones as they
 * come, and loads older pages when scrolled to the top (keeping what was on screen in place).
 */
export function MessageThread({ conversationId }: { conversationId: string }) {
  const thread = useInfiniteQuery(threadQueryOptions(conversationId));
  const messages = useMemo(() => flattenThread(thread.data?.pages ?? []), [thread.data]);
  const scrollRef = useRef<HTMLElement>(null);
  const seen = useRef<{ first: string | undefined; last: string | undefined; height: number }>({
    first: undefined,
    last: undefined,
    height: 0,
  });
  const [announcement, setAnnouncement] = useState('');

  const firstId = messages[0]?._id;
  const lastId = messages.at(-1)?._id;

  // Before paint: older messages above keep the view still; a new last message scrolls to it.
  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (!box) return;
    const before = seen.current;
    if (before.last !== undefined && firstId !== before.first && lastId === before.last) {
      box.scrollTop += box.scrollHeight - before.height;
    } else if (lastId !== before.last) {
      box.scrollTop = box.scrollHeight;
    }
    seen.current = { first: firstId, last: lastId, height: box.scrollHeight };
  }, [firstId, lastId]);

  // Only what arrives after the first load is announced: opening a conversation reads nothing aloud.
  const announcedUpTo = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (lastId === undefined) return;
    const previous = announcedUpTo.current;
    announcedUpTo.current = lastId;
    if (previous === undefined || previous === lastId) return;
    const index = messages.findIndex((message) => message._id === previous);
    if (index === -1) return;
    const text = announcementFor(messages.slice(index + 1));
    if (text) setAnnouncement(text);
  }, [lastId, messages]);

  const loadOlder = () => {
    if (thread.hasNextPage && !thread.isFetchingNextPage) void thread.fetchNextPage();
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <section
        ref={scrollRef}
        onScroll={(event) => {
          if (event.currentTarget.scrollTop < LOAD_OLDER_THRESHOLD_PX) loadOlder();
        }}
        // The browser's own scroll anchoring is off: the effect above keeps the view still itself.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must take the focus to scroll by keyboard.
        tabIndex={0}
        aria-label="Messages de la conversation"
        className="min-h-0 flex-1 overflow-y-auto bg-slate-50 p-3 [overflow-anchor:none] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
      >
        {thread.hasNextPage && (
          <div className="mb-3 flex justify-center">
            <Button variant="secondary" size="sm" loading={thread.isFetchingNextPage} onClick={loadOlder}>
              Messages précédents
            </Button>
          </div>
        )}
        {thread.isPending && <LoadingStatus>Chargement des messages...</LoadingStatus>}
        {thread.isError && <LoadError message="Erreur lors du chargement des messages." query={thread} />}
        {thread.isSuccess && messages.length === 0 && (
          <p className="py-8 text-center text-sm text-slate-600">
            Aucun message pour l'instant. Écrivez le premier ci-dessous.
          </p>
        )}
        <ol aria-label="Messages" className="space-y-2">
          {messages.map((message) => (
            <MessageBubble key={message._id} message={message} />
          ))}
        </ol>
      </section>
    </div>
  );
}
