import { useRef, useState } from 'react';

/**
 * A button that opens a form dialog (Email, « Émettre un avoir »): the dialog cannot be closed while its
 * request runs (the answer decides whether it closes or says why it failed), and closing gives the focus
 * back to the button explicitly, since a click does not focus a button in every browser.
 * `onOpen` resets what the previous opening left (e.g. its failure).
 */
export function useDialogTrigger(pending: boolean, onOpen?: () => void) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return {
    close: () => setOpen(false),
    trigger: {
      ref: triggerRef,
      'aria-haspopup': 'dialog' as const,
      onClick: () => {
        onOpen?.();
        setOpen(true);
      },
    },
    modal: {
      open,
      onOpenChange: (next: boolean) => {
        if (!pending) setOpen(next);
      },
      onCloseAutoFocus: (event: Event) => {
        event.preventDefault();
        triggerRef.current?.focus();
      },
    },
  };
}
