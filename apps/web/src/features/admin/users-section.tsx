import { ADMIN_MESSAGES, type AdminUser } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { adminUsersQueryOptions, BadUsersFormatError } from './api';
import { UserDetailDialog } from './user-detail-dialog';
import { EMPTY_FILTERS, pageCount, rangeLabel, type UserFilters, usersQueryFor } from './user-filters';
import { UserFiltersForm } from './user-filters-form';
import { UsersList } from './users-list';

function Pager({
  page,
  shown,
  total,
  onPage,
}: {
  page: number;
  shown: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = pageCount(total);
  return (
    <nav aria-label="Pages des utilisateurs" className="flex items-center justify-between gap-3">
      <p className="text-sm text-slate-600" aria-live="polite">
        {rangeLabel(page, shown, total)}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          Précédents
        </Button>
        <Button variant="secondary" size="sm" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
          Suivants
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}

/** The user list with its search, filters, pages and the detail dialog of the chosen account. */
export function UsersSection() {
  const [filters, setFilters] = useState<UserFilters>(EMPTY_FILTERS);
  const [openUser, setOpenUser] = useState<AdminUser | null>(null);
  const users = useQuery(adminUsersQueryOptions(usersQueryFor(filters)));
  const onFilters = useCallback((next: UserFilters) => setFilters(next), []);
  const searchBox = useRef<HTMLInputElement>(null);

  const message =
    users.error instanceof BadUsersFormatError
      ? ADMIN_MESSAGES.badUsersFormat
      : ADMIN_MESSAGES.usersLoadFailed;

  return (
    <section aria-labelledby="utilisateurs-titre" className="space-y-4">
      <h2 id="utilisateurs-titre" className="text-lg font-semibold text-slate-900">
        Utilisateurs
      </h2>
      <UserFiltersForm filters={filters} onChange={onFilters} searchRef={searchBox} />
      {users.isPending && <LoadingStatus>Chargement des utilisateurs…</LoadingStatus>}
      {users.isError && <LoadError message={message} query={users} />}
      {users.data && users.data.users.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
          Aucun utilisateur ne correspond à ces critères.
        </p>
      )}
      {users.data && users.data.users.length > 0 && (
        <div className="space-y-3" aria-busy={users.isFetching || undefined}>
          <UsersList users={users.data.users} onOpen={setOpenUser} />
          <Pager
            page={filters.page}
            shown={users.data.users.length}
            total={users.data.total}
            onPage={(page) => setFilters((current) => ({ ...current, page }))}
          />
        </div>
      )}
      {openUser && (
        <UserDetailDialog
          user={openUser}
          onClose={() => setOpenUser(null)}
          onDeleted={() => {
            setOpenUser(null);
            // Its row, whose button had the focus before the dialog, is gone: the search takes it.
            window.requestAnimationFrame(() => searchBox.current?.focus());
          }}
        />
      )}
    </section>
  );
}
