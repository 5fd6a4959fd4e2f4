import { Plus } from 'lucide-react';
import { useEffect, useRef } from 'react';

/** The floating add button of the invoice list (SPEC §2), for professionals. */
export function NewInvoiceFab({ onClick, takeFocus = false }: { onClick: () => void; takeFocus?: boolean }) {
  const button = useRef<HTMLButtonElement>(null);
  // Back after the creation panel closed: the keyboard goes on from the button that opened it.
  useEffect(() => {
    if (takeFocus) button.current?.focus();
  }, [takeFocus]);
  return (
    <button
      ref={button}
      type="button"
      onClick={onClick}
      aria-label="Nouvelle facture"
      title="Nouvelle facture"
      className="fixed right-4 bottom-4 z-20 flex size-14 items-center justify-center rounded-full bg-indigo-600 text-white shadow-lg transition-colors hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:right-6 sm:bottom-6"
    >
      <Plus className="size-6" aria-hidden="true" />
    </button>
  );
}
