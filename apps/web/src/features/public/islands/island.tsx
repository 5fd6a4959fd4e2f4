import { createContext, type ReactNode, useContext } from 'react';

/**
 * The HTML of each island, rendered on its own by the prerender (entry-prerender.tsx) for a page that is
 * hydrated island by island; null everywhere else, where an island is an ordinary part of the page.
 */
export const IslandMarkupContext = createContext<Readonly<Record<string, string>> | null>(null);

export const ISLAND_ATTRIBUTE = 'data-island';

/**
 * An interactive part of a public page. On a static page (islands-main.tsx) React hydrates only these,
 * each as its own root, and the rest of the page stays the prerendered HTML: no router, no app code.
 * The wrapper draws no box (display: contents), so the layout is the same with or without it.
 */
export function Island({ name, children }: { name: string; children: ReactNode }) {
  const markup = useContext(IslandMarkupContext)?.[name];
  const attributes = { [ISLAND_ATTRIBUTE]: name, className: 'contents' };
  if (markup !== undefined) {
    // The build's own HTML, rendered by React from our components a moment before (build time only).
    // biome-ignore lint/security/noDangerouslySetInnerHtml: no outside content, see above.
    return <div {...attributes} dangerouslySetInnerHTML={{ __html: markup }} />;
  }
  return <div {...attributes}>{children}</div>;
}
