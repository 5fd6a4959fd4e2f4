import type { User } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { cn } from '../../components/ui/cn';
import { UnreadBadge, useUnreadCount } from '../messages/unread-badge';
import { quoteListQueryOptions } from '../quotes/api';
import { isNavItemActive, navItemHref, navItemsFor, UNREAD_BADGE_PATH } from './nav-items';

/** The entries of the signed-in navigation; the current one is marked for sight and for screen readers. */
export function NavList({ user }: { user: User }) {
  const { pathname, search } = useLocation();
  const unread = useUnreadCount();
  // A particulier sees « Devis » once a quote reached them; a professional always.
  const received = useQuery({
    ...quoteListQueryOptions('received'),
    enabled: user.role !== 'professionnel',
  });
  const receivedQuotes = (received.data?.length ?? 0) > 0;
  return (
    <ul className="space-y-1">
      {navItemsFor(user, { receivedQuotes }).map((item) => {
        const active = isNavItemActive(item, pathname, search);
        const Icon = item.icon;
        return (
          <li key={navItemHref(item)}>
            <Link
              to={navItemHref(item)}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                active
                  ? 'bg-indigo-50 text-indigo-700'
                  : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
              )}
            >
              <Icon
                className={cn('size-4 shrink-0', active ? 'text-indigo-600' : 'text-slate-500')}
                aria-hidden="true"
              />
              {item.label}
              {item.path === UNREAD_BADGE_PATH && <UnreadBadge count={unread} className="ml-auto" />}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
