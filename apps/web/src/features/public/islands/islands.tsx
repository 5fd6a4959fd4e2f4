import type { ReactNode } from 'react';
import { CurrentPathContext } from '../../../components/ui/app-link';
import { FeatureCarousel } from '../landing/feature-carousel';
import { PublicHeader } from '../public-header';

/**
 * The public pages served as static HTML with islands: nothing on them needs the router, the session or
 * the API, so their first load is React and these few components (issue 16: the landing page's budget).
 * Every other public page is hydrated whole by the app (main.tsx).
 */
export const ISLAND_PAGES: readonly string[] = ['/'];

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
