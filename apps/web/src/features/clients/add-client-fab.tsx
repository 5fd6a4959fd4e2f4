import { Plus } from 'lucide-react';

/**
 * The floating add button (SPEC §2). The page keeps a bottom padding as tall as the button, so the last
 * card can always be scrolled clear of it on a phone.
 */
export function AddClientFab({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label="Ajouter un client"
      title="Ajouter un client"
      className="fixed right-4 bottom-4 z-20 flex size-14 items-center justify-center rounded-full bg-indigo-600 text-white shadow-lg transition-colors hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:right-6 sm:bottom-6"
    >
      <Plus className="size-6" aria-hidden="true" />
    </button>
  );
}
