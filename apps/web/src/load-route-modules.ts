import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the lazy route modules a path needs before its router exists. The prerender (entry-prerender.tsx)
 * then renders the page whole rather than as a deferred Suspense segment, and the browser hydrates it in
 * one go instead of replacing it with nothing while its chunk loads.
 */
export async function loadRouteModules(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
}
