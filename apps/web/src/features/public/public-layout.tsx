import { type ReactNode, Suspense } from 'react';
import { Outlet } from 'react-router';
import { SkipLink } from '../../components/ui/skip-link';
import { Island } from './islands/island';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';

/** The frame of the public site: header with the ways in, the page, the footer with every public link. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <SkipLink />
      {/* Each Suspense boundary is hydrated as its own task: no single long task on slow phones. */}
      <Suspense>
        <Island name="header">
          <PublicHeader />
        </Island>
      </Suspense>
      <main id="contenu" className="flex-1">
        <Suspense>{children ?? <Outlet />}</Suspense>
      </main>
      <Suspense>
        <PublicFooter />
      </Suspense>
    </div>
  );
}
