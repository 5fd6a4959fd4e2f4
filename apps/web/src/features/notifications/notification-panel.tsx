import type { AppNotification } from '@facturo/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import {
  notificationListQueryOptions,
  useReadAllNotificationsMutation,
  useReadNotificationMutation,
} from './api';

const when = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The bell's panel: newest first, unread ones marked; opening one follows its link and marks it read.
 * Below 768 px it spans the screen under the top bar; above, it opens beside the sidebar.
 */
export function NotificationPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const list = useInfiniteQuery(notificationListQueryOptions());
  const readOne = useReadNotificationMutation();
  const readAll = useReadAllNotificationsMutation();
  const items = list.data?.pages.flat() ?? [];
  const anyUnread = items.some((item) => !item.lu);

  return (
    <section
      id={id}
      aria-labelledby={`${id}-titre`}
      className={cn(
        'fixed inset-x-2 top-16 z-40 flex max-h-[70dvh] flex-col rounded-xl border border-slate-200 bg-white shadow-lg',
        'md:inset-x-auto md:top-4 md:left-[16.5rem] md:w-96',
      )}
    >
      <header className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2 id={`${id}-titre`} className="text-base font-semibold text-slate-900">
          Notifications
        </h2>
        {anyUnread && (
          <Button variant="link" size="sm" loading={readAll.isPending} onClick={() => readAll.mutate(null)}>
            Tout marquer comme lu
          </Button>
        )}
      </header>
      <div className="overflow-y-auto">
        {list.isPending ? (
          <div className="p-4">
            <LoadingStatus>Chargement des notifications…</LoadingStatus>
          </div>
        ) : list.isError ? (
          <div className="p-4">
            <LoadError message="Impossible de charger les notifications." query={list} />
          </div>
        ) : items.length === 0 ? (
          <p className="p-4 text-sm text-slate-600">Aucune notification pour le moment.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {items.map((item) => (
              <li key={item._id}>
                <NotificationItem
                  item={item}
                  onOpen={() => {
                    if (!item.lu) readOne.mutate(item._id);
                    onClose();
                  }}
                />
              </li>
            ))}
          </ul>
        )}
        {list.hasNextPage && (
          <div className="p-3 text-center">
            <Button
              variant="secondary"
              size="sm"
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              Plus anciennes
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}

function NotificationItem({ item, onOpen }: { item: AppNotification; onOpen: () => void }) {
  const body = (
    <>
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', item.lu ? 'bg-transparent' : 'bg-indigo-600')}
      />
      <span className="min-w-0">
        <span className={cn('block text-sm text-slate-900', !item.lu && 'font-semibold')}>
          {item.titre}
          {!item.lu && <span className="sr-only"> (non lue)</span>}
        </span>
        <span className="block text-xs text-slate-600">{when.format(new Date(item.createdAt))}</span>
      </span>
    </>
  );
  const className =
    'flex w-full gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600';
  return item.lien ? (
    <Link to={item.lien} className={className} onClick={onOpen}>
      {body}
    </Link>
  ) : (
    <button type="button" className={className} onClick={onOpen}>
      {body}
    </button>
  );
}
