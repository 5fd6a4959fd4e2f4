import { UPCOMING_FEATURE_PATHS } from '@facturo/shared/public-pages';
import { type ComponentType, Suspense } from 'react';
import { CurrentPathContext } from '../../../components/ui/app-link';
import { FeatureCarousel } from '../landing/feature-carousel';
import { PublicHeader } from '../public-header';

/** An island's component, told the page's path (the waitlist reads its feature there). */
export type IslandComponent = ComponentType<{ path: string }>;

/**
 * An island is either part of the entry's own chunk (the header and the carousel, on the landing page's
 * budget) or loaded by the pages that have it only (`load`, a dynamic import: a form and what it needs —
 * react-hook-form, zod, react-query — never reach the landing page). `pages` says where a loaded island
 * is, so the prerender renders it there only.
 */
export type IslandEntry =
  | { component: IslandComponent }
  | { load: () => Promise<IslandComponent>; pages: readonly string[] };

const WAITLIST_PAGES: readonly string[] = Object.values(UPCOMING_FEATURE_PATHS);

/**
 * The public pages served as static HTML with islands: React hydrates their islands only, without the
 * router, the session or the app (issue 16: the landing page's budget; issue 11: Lighthouse ≥ 95 on the
 * pages with a form too). Signed in, every one of them loads the app instead (scripts/prerender.mjs).
 */
export const ISLAND_PAGES: readonly string[] = [
  '/',
  '/features',
  '/privacy',
  '/terms',
  '/blog',
  '/devenir-client',
  '/contact',
  ...WAITLIST_PAGES,
  '/login',
];

/** Every island by name: the prerender renders each alone, islands-main.tsx hydrates it alone. */
export const ISLANDS: Readonly<Record<string, IslandEntry>> = {
  header: { component: PublicHeader },
  carousel: { component: FeatureCarousel },
  contact: {
    load: async () => (await import('../forms/contact-island')).ContactIsland,
    pages: ['/contact'],
  },
  waitlist: {
    load: async () => (await import('../forms/waitlist-island')).WaitlistIsland,
    pages: WAITLIST_PAGES,
  },
  login: {
    load: async () => (await import('../../auth/login-island')).LoginIsland,
    pages: ['/login'],
  },
};

/** The island's component: at once when it is in the entry's chunk, once its chunk is loaded otherwise. */
export async function loadIsland(entry: IslandEntry): Promise<IslandComponent> {
  return 'component' in entry ? entry.component : entry.load();
}

/** React's ids (useId) of an island, the same in its prerendered HTML and in the browser. */
export const islandIdPrefix = (name: string) => `${name}-`;

/**
 * What an island's root renders: the component, told which page it is on (its links' aria-current). Inside
 * a Suspense boundary: React commits the root at once and hydrates the boundary's content afterwards, at a
 * low priority it splits into short tasks, instead of one long task that holds the main thread (measured
 * under Lighthouse's 4× CPU slowdown, /contact's and /invoices' blocking time went from 300–500 ms to under
 * 200 ms on the same busy machine; issue 11).
 */
export function IslandRoot({ component: Component, path }: { component: IslandComponent; path: string }) {
  return (
    <CurrentPathContext value={path}>
      <Suspense>
        <Component path={path} />
      </Suspense>
    </CurrentPathContext>
  );
}
