/** Lets keyboard users jump over the navigation to the page content. */
export function SkipLink({ targetId = 'contenu' }: { targetId?: string }) {
  return (
    <a
      href={`#${targetId}`}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-indigo-700 focus:shadow-lg focus:outline-2 focus:outline-indigo-600"
    >
      Aller au contenu
    </a>
  );
}
