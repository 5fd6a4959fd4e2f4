import { PassThrough } from 'node:stream';
import { isValidElement, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
} from 'react-router';
import { AppRoot } from './app-root';
import { IslandMarkupContext } from './features/public/islands/island';
import {
  ISLAND_PAGES,
  ISLANDS,
  IslandRoot,
  islandIdPrefix,
  loadIsland,
} from './features/public/islands/islands';
import { PrerenderedAppFrame } from './features/shell/app-frame-prerender';
import { SignedInArea } from './features/shell/signed-in-area';
import { createQueryClient } from './lib/query-client';
import { loadRouteModules } from './load-route-modules';
import { routes } from './routes';

async function toHtml(element: ReactNode, identifierPrefix?: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element, {
    identifierPrefix,
    // Fizz moves a Suspense boundary bigger than this out of place, to be swapped in by an inline script
    // later: a static page must arrive whole, in order.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude.pipe(new PassThrough())) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** Each island of a static page rendered alone, as islands-main.tsx hydrates it; a loaded one on its pages only. */
async function islandMarkup(path: string): Promise<Record<string, string>> {
  const here = Object.entries(ISLANDS).filter(
    ([, island]) => !('pages' in island) || island.pages.includes(path),
  );
  const html = await Promise.all(
    here.map(async ([name, island]) =>
      toHtml(<IslandRoot component={await loadIsland(island)} path={path} />, islandIdPrefix(name)),
    ),
  );
  return Object.fromEntries(here.map(([name], i) => [name, html[i] ?? '']));
}

export interface PrerenderedPage {
  html: string;
  /** Hydrated island by island (islands-main.tsx) rather than by the whole app (main.tsx). */
  islands: boolean;
}

/**
 * Renders a public page to HTML at build time (scripts/prerender.ts), as a signed-out visitor gets it:
 * the page is readable and indexable before any JavaScript runs. `prerender` waits for the lazy parts.
 */
export async function renderPage(path: string): Promise<PrerenderedPage> {
  await loadRouteModules(routes, path);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://facturo.prerender${path}`));
  if (context instanceof Response) throw new Error(`${path} redirige (${context.status}) : rien à prérendre`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const islands = ISLAND_PAGES.includes(path);
  const html = await toHtml(
    <IslandMarkupContext value={islands ? await islandMarkup(path) : null}>
      <AppRoot queryClient={createQueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppRoot>
    </IslandMarkupContext>,
  );
  return { html, islands };
}
/** The signed-in frame index.html carries (features/shell/app-frame-prerender.tsx). */
export function renderAppFrame(): Promise<string> {
  return toHtml(<PrerenderedAppFrame />);
}

/**
 * The paths of the pages drawn in that frame (the routes under SignedInArea), as the route table writes
 * them (`/factures/:id`): index.html shows its frame on those only, not on the pages every visitor reaches
 * (/verify-email), which have a layout of their own.
 */
export function appFramePaths(): string[] {
  const paths: string[] = [];
  const collect = (list: RouteObject[], inFrame: boolean) => {
    for (const route of list) {
      const here = inFrame || (isValidElement(route.element) && route.element.type === SignedInArea);
      if (here && route.path) paths.push(route.path);
      if (route.children) collect(route.children, here);
    }
  };
  collect(routes, false);
  return paths;
}

export { PUBLIC_PAGES } from '@facturo/shared/public-pages';
