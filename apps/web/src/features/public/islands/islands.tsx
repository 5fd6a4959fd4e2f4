import type { ReactNode } from 'react';
import { CurrentPathContext } from '../../../components/ui/app-link';
import { FeatureCarousel } from '../landing/feature-carousel';
import { PublicHeader } from '../public-header';

/**
 * The public pages served as static HTML with islands: nothing on them but the islands below reacts (no
 * form, no router, no session, no API), so their first load is React and these few components (issue 16:
 * the landing page's budget). A page with a form (contact, waitlists) or the sign-in is hydrated whole by
 * the app (main.tsx).
 */
export const ISLAND_PAGES: readonly string[] = [
  '/',
  '/features',
  '/privacy',
  '/terms',
  '/blog',
  '/devenir-client',
];

/** Every island by name: the prerender renders each alone, islands-main.tsx hydrates it alone. */
export const ISLANDS: Readonly<Record<string, () => ReactNode>> = {
  header: () => <PublicHeader />,
  carousel: () => <FeatureCarousel />,
};

/** React's ids (useId) of an island, the same in its prerendered HTML and in the browser. */
export const islandIdPrefix = (name: string) => `${name}-`;

/** What an island's root renders: the component, told which page it is on (its links' aria-current). */
export function IslandRoot({ name, path }: { name: string; path: string }) {
  const render = ISLANDS[name];
  return render ? <CurrentPathContext value={path}>{render()}</CurrentPathContext> : null;
}
