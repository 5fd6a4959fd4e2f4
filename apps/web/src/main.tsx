import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import './index.css';
import { AppRoot } from './app-root';
import { createQueryClient } from './lib/query-client';
import { discardIncompleteSession, readToken, setStoredUserCheck } from './lib/session-store';
import { loadRouteModules } from './load-route-modules';
import { routes } from './routes';

if (readToken() !== null) {
  const { userSchema } = await import('@facturo/shared');
  setStoredUserCheck((value) => {
    const parsed = userSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  });
}
discardIncompleteSession();

const container = document.getElementById('root');
if (!container) throw new Error('Élément #root introuvable dans index.html');

const queryClient = createQueryClient();
// Public pages come prerendered (scripts/prerender.ts). Signed out, React takes over that HTML; signed in,
// the page is not what this visitor gets (public routes redirect to /factures), so it is rendered afresh.
const prerendered = container.hasAttribute('data-prerendered');
const hydrate = prerendered && readToken() === null;
if (hydrate) await loadRouteModules(routes, window.location.pathname);
const app = (
  <AppRoot queryClient={queryClient}>
    <RouterProvider router={createBrowserRouter(routes)} />
  </AppRoot>
);
if (hydrate) {
  hydrateRoot(container, app);
} else {
  container.replaceChildren();
  container.removeAttribute('data-prerendered');
  createRoot(container).render(app);
}
