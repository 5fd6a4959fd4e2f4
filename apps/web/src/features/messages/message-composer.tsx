import { MESSAGE_INPUT_MAX_PX, MESSAGE_INPUT_MIN_PX, MESSAGE_MAX_LENGTH } from '@facturo/shared';
import { SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { inputClasses } from '../../components/ui/input';
import { useSendMessageMutation } from './api';
import { sendErrorMessage } from './error-messages';

/** SPEC §5: nothing is sent when the text is blank, no conversation is open or a send is in flight. */
export function canSend(text: string, conversationId: string | null, sending: boolean): boolean {
  return text.trim() !== '' && conversationId !== null && !sending;
}

/**
 * The input under the chat (SPEC §2, §9): Enter sends, Shift+Enter adds a line, the field grows from
 * 40 to 120 px with its text. The text is cleared while it goes and put back if it could not be sent.
 */
export function MessageComposer({
  conversationId,
  unreachable = null,
}: {
  conversationId: string | null;
  /** Why nobody can receive a message here (the other party's account is closed or suspended). */
  unreachable?: string | null;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useSendMessageMutation(conversationId);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const sendable = unreachable === null && canSend(text, conversationId, send.isPending);

  // Measured after each render (the text changes by typing, sending and restoring): shrink to nothing,
  // then take the content's height within bounds.
  useLayoutEffect(() => {
    const field = fieldRef.current;
    if (!field) return;
    field.style.height = '0px';
    const height = Math.min(MESSAGE_INPUT_MAX_PX, Math.max(MESSAGE_INPUT_MIN_PX, field.scrollHeight));
    field.style.height = `${height}px`;
    field.style.overflowY = field.scrollHeight > MESSAGE_INPUT_MAX_PX ? 'auto' : 'hidden';
  });

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!sendable) return;
    const typed = text;
    setError(null);
    setText('');
    try {
      await send.mutateAsync(typed.trim());
    } catch (failure) {
      // SPEC §8: the typed text comes back, so nothing is lost; the reason says whether to wait.
      setText(typed);
      setError(sendErrorMessage(failure));
    }
    fieldRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-2 border-t border-slate-200 p-3">
      {error && <Alert variant="error">{error}</Alert>}
      {unreachable && (
        <p id="message-impossible" className="text-sm text-slate-700">
          {unreachable}
        </p>
      )}
      <div className="flex items-end gap-2">
        <label htmlFor="message-saisie" className="sr-only">
          Votre message
        </label>
        <textarea
          id="message-saisie"
          ref={fieldRef}
          rows={1}
          value={text}
          maxLength={MESSAGE_MAX_LENGTH}
          disabled={conversationId === null || unreachable !== null}
          placeholder={conversationId ? 'Écrire un message…' : 'Choisissez une conversation'}
          aria-describedby={unreachable ? 'message-impossible message-aide' : 'message-aide'}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          className={cn(inputClasses, 'resize-none py-2 leading-normal')}
          style={{ minHeight: MESSAGE_INPUT_MIN_PX, maxHeight: MESSAGE_INPUT_MAX_PX }}
        />
        <Button type="submit" disabled={!sendable} loading={send.isPending} aria-label="Envoyer">
          {!send.isPending && <SendHorizontal className="size-4" aria-hidden="true" />}
        </Button>
      </div>
      <p id="message-aide" className="sr-only">
        Entrée envoie le message, Maj+Entrée ajoute une ligne.
      </p>
    </form>
  );
}
