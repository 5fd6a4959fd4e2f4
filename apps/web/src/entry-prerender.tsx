import { PassThrough } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppRoot } from './app-root';
import { createQueryClient } from './lib/query-client';
import { loadRouteModules } from './load-route-modules';
import { routes } from './routes';

/**
 * Renders a public page to HTML at build time (scripts/prerender.ts), as a signed-out visitor gets it:
 * the page is readable and indexable before any JavaScript runs. `prerender` waits for the lazy parts.
 */
export async function renderPage(path: string): Promise<string> {
  await loadRouteModules(routes, path);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://facturo.prerender${path}`));
  if (context instanceof Response) throw new Error(`${path} redirige (${context.status}) : rien à prérendre`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <AppRoot queryClient={createQueryClient()}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppRoot>,
    // Fizz moves a Suspense boundary bigger than this out of place, to be swapped in by an inline script
    // later: a static page must arrive whole, in order.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude.pipe(new PassThrough())) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
export { PUBLIC_PAGES } from '@facturo/shared/public-pages';
