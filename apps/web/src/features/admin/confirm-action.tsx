import { type ReactNode, useRef, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import type { ButtonVariant } from '../../components/ui/button-styles';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { adminErrorMessage } from './admin-errors';

interface ConfirmActionProps {
  /** The button that opens the question. */
  label: ReactNode;
  variant?: ButtonVariant;
  disabled?: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** SPEC §8's sentence when the action fails. */
  failureMessage: string;
  /** Runs the action; the dialog closes when it resolves, shows the failure when it rejects. */
  run: () => Promise<unknown>;
  pending: boolean;
}

/** A button whose action is asked for first (SPEC §8: every admin action has its confirmation). */
export function ConfirmAction({
  label,
  variant = 'secondary',
  disabled,
  title,
  description,
  confirmLabel,
  failureMessage,
  run,
  pending,
}: ConfirmActionProps) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  // The user dialog around the button: where the focus goes when the button is now disabled (the plan just
  // granted) or gone, instead of the page's body, outside the dialog a keyboard user was in.
  const container = useRef<HTMLElement | null>(null);

  function restoreFocus(event: Event) {
    const button = trigger.current;
    if (button?.isConnected && !button.disabled) return;
    event.preventDefault();
    if (container.current?.isConnected) container.current.focus();
  }

  async function confirm() {
    setError(null);
    try {
      await run();
      setOpen(false);
    } catch (failure) {
      setError(adminErrorMessage(failureMessage, failure));
    }
  }

  return (
    <>
      <Button
        ref={trigger}
        variant={variant}
        size="sm"
        disabled={disabled}
        onClick={() => {
          container.current = trigger.current?.closest<HTMLElement>('[role="dialog"]') ?? null;
          setOpen(true);
        }}
      >
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setError(null);
        }}
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        onConfirm={() => void confirm()}
        pending={pending}
        error={error && <Alert variant="error">{error}</Alert>}
        onCloseAutoFocus={restoreFocus}
      />
    </>
  );
}
