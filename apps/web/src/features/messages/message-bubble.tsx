import type { Message } from '@facturo/shared';
import { Check, CheckCheck } from 'lucide-react';
import { cn } from '../../components/ui/cn';
import { formatMessageTime, senderName } from './conversation-labels';

/** SPEC §4: one tick once sent, two once the other side has read it; only on one's own messages. */
function Ticks({ vu }: { vu: boolean }) {
  const Icon = vu ? CheckCheck : Check;
  return (
    <span role="img" aria-label={vu ? 'Vu' : 'Envoyé'} className={vu ? 'text-indigo-100' : 'text-indigo-200'}>
      <Icon className="size-4" aria-hidden="true" />
    </span>
  );
}

/** One message, its text shown exactly as written (line breaks kept, never read as HTML). */
export function MessageBubble({ message }: { message: Message }) {
  const mine = message.estMoi;
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 shadow-sm sm:max-w-[70%]',
          mine ? 'bg-indigo-600 text-white' : 'border border-slate-200 bg-white text-slate-900',
        )}
      >
        <p className={cn('text-xs font-semibold', mine ? 'sr-only' : 'text-slate-700')}>
          {mine ? 'Vous' : senderName(message)}
        </p>
        <p className="break-words whitespace-pre-wrap text-sm" data-testid="message-contenu">
          {message.contenu}
        </p>
        <p
          className={cn(
            'mt-1 flex items-center justify-end gap-1 text-xs',
            mine ? 'text-indigo-100' : 'text-slate-600',
          )}
        >
          <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
          {mine && <Ticks vu={message.vu} />}
        </p>
      </div>
    </li>
  );
}
