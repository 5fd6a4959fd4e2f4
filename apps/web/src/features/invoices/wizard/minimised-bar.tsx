import { FilePen, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';

/**
 * The minimised creation panel (SPEC §2): a small bar at the bottom of every signed-in page, to bring the
 * invoice in progress back or to drop it. It sits bottom left, clear of the sidebar and of the pages'
 * floating add buttons (bottom right).
 */
export function MinimisedBar({
  onRestore,
  onClose,
  takeFocus,
}: {
  onRestore: () => void;
  onClose: () => void;
  /** Minimised by a key or a click of the user's: the keyboard goes on from « Reprendre ». */
  takeFocus: boolean;
}) {
  const restore = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (takeFocus) restore.current?.focus();
  }, [takeFocus]);
  return (
    <section
      aria-label="Facture en cours"
      className="fixed right-[4.75rem] bottom-4 left-4 z-30 flex items-center gap-3 rounded-xl border border-indigo-200 bg-white p-2 pl-4 shadow-lg sm:right-auto sm:w-96 md:bottom-6 md:left-[17.5rem]"
    >
      <FilePen className="size-5 shrink-0 text-indigo-700" aria-hidden="true" />
      <p className="min-w-0 flex-1 text-sm leading-tight font-medium text-slate-900">
        Nouvelle facture en cours
      </p>
      <Button ref={restore} size="sm" onClick={onRestore}>
        Reprendre
      </Button>
      <button
        type="button"
        onClick={onClose}
        aria-label="Fermer la facture en cours"
        title="Fermer la facture en cours"
        className="flex size-8 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </section>
  );
}
