import { type ComponentType, lazy, Suspense } from 'react';
import { useSession } from '../../lib/session';
import { PublicLayout } from '../public/public-layout';

const importShell = () => import('./app-shell');
let loadedShell: ComponentType | null = null;
const LazyAppShell = lazy(() => importShell().then((m) => ({ default: m.AppShell })));

/**
 * Loads the app's frame ahead of the first render (main.tsx, signed in): the frame then renders at once with
 * the page instead of suspending once more for its chunk.
 */
export async function preloadAppShell(): Promise<void> {
  loadedShell = (await importShell()).AppShell;
}

/**
 * The layout above the signed-in routes and /mentions-legales. Signed in, the app's frame, loaded on demand
 * and kept mounted from one page to the next (the invoice in progress lives in it, so going to
 * /mentions-legales to fill in a SIRET does not lose it). Signed out, the public frame: the guard below
 * sends every other path to /login, and /mentions-legales is the site's legal notice.
 */
export function SignedInArea() {
  const { user } = useSession();
  if (!user) return <PublicLayout />;
  const AppShell = loadedShell ?? LazyAppShell;
  return (
    <Suspense fallback={null}>
      <AppShell />
    </Suspense>
  );
}
