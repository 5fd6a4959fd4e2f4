import { usePageMeta } from '../page-meta';

/** Placeholder until the page's content lands. */
export function SiteLegalNoticePage() {
  usePageMeta('/mentions-legales');
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-semibold tracking-tight text-slate-900">Mentions légales</h1>
    </div>
  );
}
