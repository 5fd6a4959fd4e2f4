import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/session';
import { PublicLayout } from '../public/public-layout';

const AppShell = lazy(() => import('./app-shell').then((m) => ({ default: m.AppShell })));

/**
 * The layout above the signed-in routes and /mentions-legales. Signed in, the app's frame, loaded on demand
 * and kept mounted from one page to the next (the invoice in progress lives in it, so going to
 * /mentions-legales to fill in a SIRET does not lose it). Signed out, the public frame: the guard below
 * sends every other path to /login, and /mentions-legales is the site's legal notice.
 */
export function SignedInArea() {
  const { user } = useSession();
  if (!user) return <PublicLayout />;
  return (
    <Suspense fallback={null}>
      <AppShell />
    </Suspense>
  );
}
