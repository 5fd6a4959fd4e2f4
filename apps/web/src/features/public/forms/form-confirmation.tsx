import { CheckCircle2 } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';

interface FormConfirmationProps {
  title: string;
  /** The server's sentence, e.g. CONTACT_SENT_MESSAGE. */
  message: string;
  children?: ReactNode;
}

/**
 * Replaces a form once it has been sent. Focus moves here because the form the keyboard was in has just
 * disappeared; role="status" makes screen readers read the outcome.
 */
export function FormConfirmation({ title, message, children }: FormConfirmationProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => panelRef.current?.focus(), []);

  return (
    <div
      ref={panelRef}
      role="status"
      tabIndex={-1}
      className="rounded-xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
    >
      <div className="flex gap-3">
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-semibold">{title}</p>
          <p className="mt-1 text-sm leading-relaxed">{message}</p>
          {children && <div className="mt-4">{children}</div>}
        </div>
      </div>
    </div>
  );
}
