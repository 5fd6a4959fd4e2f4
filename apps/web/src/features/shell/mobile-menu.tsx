import type { User } from '@facturo/shared';
import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { isArchiveSession } from '../account-archive/archive-access';
import { UnreadBadge, unreadSentence, useUnreadCount } from '../messages/unread-badge';
import { NotificationBell } from '../notifications/notification-bell';
import { AccountActions } from './account-actions';
import { TopBarFrame } from './app-frame';
import { NavList } from './nav-list';
import { UsageBox } from './usage-box';
import { UserCard } from './user-card';

const PANEL_ID = 'menu-mobile';

/** Top bar with a collapsible menu, under 768 px (SPEC §2). */
export function MobileMenu({ user }: { user: User }) {
  const location = useLocation();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The menu remembers the location it was opened at: any navigation (link, back button, redirect)
  // changes the key and so closes it, without an effect to keep in sync.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const unread = useUnreadCount();
  // A closed account's archive has no notifications to read nor plan to watch (archive-access.ts).
  const archive = isArchiveSession(user);
  const menuLabel = open ? 'Fermer le menu' : 'Ouvrir le menu';

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenAt(null);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <TopBarFrame
      button={
        // The bell sits beside the menu's button: notifications without opening the menu.
        <div className="flex items-center gap-1">
          {!archive && <NotificationBell variant="topbar" />}
          <button
            ref={buttonRef}
            type="button"
            aria-expanded={open}
            aria-controls={PANEL_ID}
            // The closed menu still tells there is something to read.
            aria-label={unread > 0 ? `${menuLabel} (${unreadSentence(unread)})` : menuLabel}
            onClick={() => setOpenAt(open ? null : location.key)}
            className="relative -mr-2 rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {open ? (
              <X className="size-6" aria-hidden="true" />
            ) : (
              <Menu className="size-6" aria-hidden="true" />
            )}
            {!open && (
              <span aria-hidden="true" className="absolute -top-0.5 -right-0.5">
                <UnreadBadge count={unread} />
              </span>
            )}
          </button>
        </div>
      }
    >
      <div
        id={PANEL_ID}
        hidden={!open}
        className="max-h-[calc(100dvh-3.5rem)] overflow-y-auto border-t border-slate-200 px-3 pt-3 pb-4"
      >
        <nav aria-label="Navigation principale">
          <NavList user={user} />
        </nav>
        <div className="mt-4 space-y-3 border-t border-slate-200 pt-4">
          <UserCard user={user} />
          {!archive && <UsageBox user={user} />}
          <AccountActions user={user} />
        </div>
      </div>
    </TopBarFrame>
  );
}
