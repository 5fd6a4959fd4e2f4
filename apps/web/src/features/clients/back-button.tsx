import { ArrowLeft } from 'lucide-react';

/** The back arrow of the detail and edit screens (SPEC §2); named "Retour" for screen readers. */
export function BackButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label="Retour"
      title="Retour"
      className="-ml-2 flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <ArrowLeft className="size-5" aria-hidden="true" />
    </button>
  );
}
