import { Send } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SEND_INTERNAL_INVITATION_REMINDED } from '../error-messages';
import { SEND_PLATFORM_LABEL } from './send-labels';

/** What the server answers a platform sending of an invoice or a quote. */
export interface PlatformSendOutcome {
  dejaEnvoyee: boolean;
  invitationEnvoyee: boolean;
}

/**
 * « Envoyer sur Facturo » for any document (issue 17): the button, its confirmation saying where the document
 * goes, and the toast of the outcome — sent, or already there (the invitation reminded when the client has
 * no password yet). The caller gives the document's sentences and its sending; a refusal is its `onError`.
 */
export function PlatformSendButton({
  title,
  description,
  sentMessage,
  alreadySentMessage,
  send,
  pending,
  describedBy,
  disabled = false,
}: {
  title: string;
  description: string;
  sentMessage: string;
  alreadySentMessage: string;
  /** Sends; calls back with the outcome, or with nothing after a refusal it has reported itself. */
  send: (done: (outcome?: PlatformSendOutcome) => void) => void;
  pending: boolean;
  describedBy?: string;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);

  function confirm() {
    send((outcome) => {
      setOpen(false);
      if (!outcome) return;
      if (!outcome.dejaEnvoyee) toast.success(sentMessage);
      else
        toast.info(alreadySentMessage, {
          description: outcome.invitationEnvoyee ? SEND_INTERNAL_INVITATION_REMINDED : undefined,
        });
    });
  }

  return (
    <>
      <Button
        variant="secondary"
        disabled={disabled}
        aria-describedby={describedBy}
        onClick={() => setOpen(true)}
      >
        <Send className="size-4" aria-hidden="true" />
        {SEND_PLATFORM_LABEL}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        tone="primary"
        title={title}
        description={description}
        confirmLabel={SEND_PLATFORM_LABEL}
        pending={pending}
        onConfirm={confirm}
      />
    </>
  );
}
