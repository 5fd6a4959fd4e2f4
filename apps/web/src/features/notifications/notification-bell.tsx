import { unreadBadgeLabel } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { cn } from '../../components/ui/cn';
import { notificationCountQueryOptions } from './api';
import { NotificationPanel } from './notification-panel';

/** « 3 notifications non lues », read instead of the bare number. */
export function unreadNotificationsSentence(count: number): string {
  return count === 1 ? '1 notification non lue' : `${count} notifications non lues`;
}

/**
 * The bell of the signed-in frame (issue 17): its unread count, kept live by the event stream, and the
 * panel it opens. `sidebar` is the desktop column's labelled button, `topbar` the mobile bar's icon.
 * Escape or a click elsewhere closes the panel, and the focus goes back to the bell.
 */
export function NotificationBell({ variant }: { variant: 'sidebar' | 'topbar' }) {
  const count = useQuery(notificationCountQueryOptions()).data?.nonLues ?? 0;
  const location = useLocation();
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  // Opened at one location: following a notification's link (or any navigation) closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenAt(null);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpenAt(null);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const label = count > 0 ? `Notifications (${unreadNotificationsSentence(count)})` : 'Notifications';
  return (
    <div ref={wrapperRef}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={label}
        onClick={() => setOpenAt(open ? null : location.key)}
        className={cn(
          'relative flex items-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600',
          variant === 'sidebar' ? 'w-full gap-3 px-3 py-2 text-sm font-medium' : 'p-2',
        )}
      >
        <Bell className={variant === 'sidebar' ? 'size-5' : 'size-6'} aria-hidden="true" />
        {variant === 'sidebar' && <span aria-hidden="true">Notifications</span>}
        {count > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className={cn(
              'inline-flex min-w-5 items-center justify-center rounded-full bg-indigo-600 px-1.5 text-xs font-semibold leading-5 text-white tabular-nums',
              variant === 'sidebar' ? 'ml-auto' : 'absolute -top-0.5 -right-0.5',
            )}
          >
            {unreadBadgeLabel(count)}
          </span>
        )}
      </button>
      {/* Arrivals are announced without moving the focus. */}
      <span role="status" className="sr-only">
        {count > 0 ? unreadNotificationsSentence(count) : ''}
      </span>
      {open && <NotificationPanel id={panelId} onClose={() => setOpenAt(null)} />}
    </div>
  );
}
