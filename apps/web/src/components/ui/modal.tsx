import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn';

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Forms with long text areas need more room than a confirmation. */
  size?: 'md' | 'lg';
  /**
   * Radix gives focus back to what had it before opening; a caller that must be sure where it lands
   * (e.g. its trigger, even if a click did not focus it) takes over here and calls preventDefault().
   */
  onCloseAutoFocus?: (event: Event) => void;
  /** A field that uses Escape itself (an open combobox list) calls preventDefault() to keep the modal open. */
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
}

/** Radix Dialog handles focus trapping, Escape, scroll lock and the dialog role; this adds the look. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = 'md',
  onCloseAutoFocus,
  onEscapeKeyDown,
}: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-xl focus:outline-none sm:p-6',
            size === 'lg' ? 'max-w-2xl' : 'max-w-md',
          )}
          onCloseAutoFocus={onCloseAutoFocus}
          onEscapeKeyDown={onEscapeKeyDown}
          // Without a description Radix warns; pass undefined explicitly so it knows it is intended.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
            <Dialog.Close
              aria-label="Fermer"
              className="-m-1 rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          {description && (
            <Dialog.Description className="mt-2 text-sm text-slate-700">{description}</Dialog.Description>
          )}
          <div className="mt-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
