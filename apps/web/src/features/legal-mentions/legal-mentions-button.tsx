import { Settings } from 'lucide-react';
import { useState } from 'react';
import { LegalMentionsDialog } from './legal-mentions-dialog';

/** The settings button of SPEC §2 (invoice list, client detail): opens the legal mentions popup. */
export function LegalMentionsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label="Mentions légales"
        title="Mentions légales"
        className="flex size-10 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <Settings className="size-5" aria-hidden="true" />
      </button>
      <LegalMentionsDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
