import { unreadBadgeLabel } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { cn } from '../../components/ui/cn';
import { unreadCountQueryOptions } from './api';

/** « 3 messages non lus », for screen readers beside a badge that only shows the number. */
export function unreadSentence(count: number): string {
  return count === 1 ? '1 message non lu' : `${count} messages non lus`;
}

/** The signed-in user's unread count, kept live by the event stream; 0 until known. */
export function useUnreadCount(): number {
  return useQuery(unreadCountQueryOptions()).data?.count ?? 0;
}

/** A count capped at « 9+ » (SPEC §9); the sentence is read instead of the bare number. */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-indigo-600 px-1.5 text-xs font-semibold leading-5 text-white tabular-nums',
        className,
      )}
    >
      <span aria-hidden="true">{unreadBadgeLabel(count)}</span>
      <span className="sr-only">{unreadSentence(count)}</span>
    </span>
  );
}
