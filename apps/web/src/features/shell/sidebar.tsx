import type { User } from '@facturo/shared';
import { isArchiveSession } from '../account-archive/archive-access';
import { NotificationBell } from '../notifications/notification-bell';
import { AccountActions } from './account-actions';
import { SidebarFrame } from './app-frame';
import { NavList } from './nav-list';
import { UsageBox } from './usage-box';
import { UserCard } from './user-card';

/** Desktop navigation (≥ 768 px); hidden below, where the mobile menu takes over. */
export function Sidebar({ user }: { user: User }) {
  // A closed account's archive has no notifications to read nor plan to watch (archive-access.ts).
  const archive = isArchiveSession(user);
  return (
    <SidebarFrame>
      {!archive && (
        <div className="px-3 pb-2">
          <NotificationBell variant="sidebar" />
        </div>
      )}
      <nav aria-label="Navigation principale" className="flex-1 overflow-y-auto px-3">
        <NavList user={user} />
      </nav>
      <div className="space-y-3 border-t border-slate-200 p-3">
        <UserCard user={user} />
        {!archive && <UsageBox user={user} />}
        <AccountActions user={user} />
      </div>
    </SidebarFrame>
  );
}
