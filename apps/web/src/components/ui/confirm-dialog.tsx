import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from './button';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  /** While the action runs the dialog stays open, the confirm button spins and closing is blocked. */
  pending?: boolean;
  /** Shown above the buttons, e.g. the server's reason for refusing. */
  error?: ReactNode;
  /** Where the focus goes on closing, when the button that opened it is gone or disabled (see Modal). */
  onCloseAutoFocus?: (event: Event) => void;
  /** `primary` for a confirmation that destroys nothing (sending, marking paid); `danger` by default. */
  tone?: 'danger' | 'primary';
  /** The action cannot be confirmed now (e.g. what it needs is still loading, or refused): closing still can. */
  confirmDisabled?: boolean;
}

/**
 * Asks before a destructive or irreversible action. Radix AlertDialog (role=alertdialog) puts the focus on Annuler and
 * does not close on an outside click, so a stray tap never confirms or loses the question.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Annuler',
  onConfirm,
  pending = false,
  error,
  onCloseAutoFocus,
  tone = 'danger',
  confirmDisabled = false,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-xl focus:outline-none sm:p-6"
          onCloseAutoFocus={onCloseAutoFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          {description && (
            <AlertDialog.Description className="mt-2 text-sm text-slate-700">
              {description}
            </AlertDialog.Description>
          )}
          {error && <div className="mt-4">{error}</div>}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={pending}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            {/* Not an AlertDialog.Action: that one closes at once, before the request had its answer. */}
            <Button variant={tone} loading={pending} disabled={confirmDisabled} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
