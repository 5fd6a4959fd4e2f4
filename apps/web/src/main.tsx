import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import './index.css';
import { AppRoot } from './app-root';
import { preloadAppShell } from './features/shell/signed-in-area';
import { createQueryClient } from './lib/query-client';
import { currentUserQueryKey, fetchCurrentUser } from './lib/session';
import { discardIncompleteSession, readSession, readToken, setStoredUserCheck } from './lib/session-store';
import { loadRouteModules } from './load-route-modules';
import { prefetchPageData } from './route-data';
import { routes } from './routes';

/** The user a former visit stored is checked against the API's schema (zod: loaded only when signed in). */
async function checkStoredUser(): Promise<void> {
  const { userSchema } = await import('./lib/session-user-schema');
  setStoredUserCheck((value) => {
    const parsed = userSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  });
  discardIncompleteSession();
}

const container = document.getElementById('root');
if (!container) throw new Error('Élément #root introuvable dans index.html');

const queryClient = createQueryClient();
const signedIn = readToken() !== null;
// Public pages come prerendered (scripts/prerender.ts). Signed out, React takes over that HTML; signed in,
// the page is not what this visitor gets (public routes redirect to /factures), so it is rendered afresh.
const hydrate = container.hasAttribute('data-prerendered') && !signedIn;
/*
 * Everything the first render needs leaves at once (issue 16): the page's chunks (resolved before the router
 * exists, so it renders the page whole rather than nothing first), and signed in, the app's frame, the
 * stored user's check, the session check (/users/me) and the page's first data — not one after the other.
 */
const ready: Promise<unknown>[] = [loadRouteModules(routes, window.location.pathname)];
if (signedIn) {
  ready.push(checkStoredUser(), preloadAppShell());
  void queryClient.prefetchQuery({ queryKey: currentUserQueryKey, queryFn: fetchCurrentUser });
  const stored = readSession();
  if (stored) prefetchPageData(queryClient, window.location, stored.user);
}
await Promise.all(ready);

const app = (
  <AppRoot queryClient={queryClient}>
    <RouterProvider router={createBrowserRouter(routes)} />
  </AppRoot>
);
if (hydrate) {
  hydrateRoot(container, app);
} else {
  // index.html's signed-in frame stays on screen until the first commit, which replaces the container's
  // children (React clears a root's container when it mounts): no blank frame in between.
  if (!container.querySelector(':scope > [data-app-frame]')) container.replaceChildren();
  container.removeAttribute('data-prerendered');
  createRoot(container).render(app);
}
