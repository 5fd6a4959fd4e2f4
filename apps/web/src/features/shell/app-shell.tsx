import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { SkipLink } from '../../components/ui/skip-link';
import { useSession } from '../../lib/session';
import { ClosedAccountBanner } from '../account-archive/closed-account-banner';
import { InvoiceCreationProvider } from '../invoices/wizard/creation-context';
import { FRAME_CLASS, MainFrame } from './app-frame';
import { MobileMenu } from './mobile-menu';
import { Sidebar } from './sidebar';
import { useLiveUpdates } from './use-live-updates';

/** The event stream of the signed-in tab, reopened for another account. */
function LiveUpdates({ userId }: { userId: string }) {
  useLiveUpdates(userId);
  return null;
}

/** The frame of every signed-in page; the route guard above guarantees a user. */
export function AppShell({ children }: { children?: ReactNode }) {
  const { user } = useSession();
  if (!user) return null;
  return (
    // The invoice creation panel lives above the pages, so a minimised invoice survives navigation.
    <InvoiceCreationProvider>
      <div className={FRAME_CLASS}>
        <LiveUpdates userId={user._id} />
        <SkipLink />
        <Sidebar user={user} />
        <MobileMenu user={user} />
        <MainFrame>
          {user.consultationSeuleJusquAu && <ClosedAccountBanner until={user.consultationSeuleJusquAu} />}
          {children ?? <Outlet />}
        </MainFrame>
      </div>
    </InvoiceCreationProvider>
  );
}
