import { Settings } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

/*
 * The dialog and its form (the settings) are loaded on the first click, not with the pages that show the
 * button (issue 16: the invoice list's chunk stays the list).
 */
const LegalMentionsDialog = lazy(() =>
  import('./legal-mentions-dialog').then((m) => ({ default: m.LegalMentionsDialog })),
);

/** The settings button of SPEC §2 (invoice list, client detail): opens the legal mentions popup. */
export function LegalMentionsButton() {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps the dialog's own closing behaviour.
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        aria-label="Mentions légales"
        title="Mentions légales"
        className="flex size-10 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <Settings className="size-5" aria-hidden="true" />
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <LegalMentionsDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
