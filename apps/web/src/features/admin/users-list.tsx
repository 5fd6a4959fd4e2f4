import type { AdminUser } from '@facturo/shared';
import { Button } from '../../components/ui/button';
import { formatCount, formatDate, fullName, ROLE_SHORT_LABELS } from './format';
import { ScrollRegion } from './scroll-region';
import { UserBadges } from './user-badges';

interface Props {
  users: AdminUser[];
  onOpen: (user: AdminUser) => void;
}

/** Each row's button names its user, so a list of « Détails » is still clear to a screen reader. */
function OpenButton({ user, onOpen }: { user: AdminUser; onOpen: Props['onOpen'] }) {
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => onOpen(user)}
      aria-label={`Détails de ${fullName(user)}`}
    >
      Détails
    </Button>
  );
}

/** Desktop (768 px and wider): one row per account. */
function UsersTable({ users, onOpen }: Props) {
  return (
    <ScrollRegion label="Tableau des utilisateurs" className="hidden md:block">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">Utilisateurs</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Utilisateur
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Rôle
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Plan et statut
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Factures
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Inscrit le
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Dernière connexion
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.map((user) => (
            <tr key={user._id}>
              <th scope="row" className="max-w-64 px-3 py-2 font-normal">
                <span className="block truncate font-medium text-slate-900">{fullName(user)}</span>
                <span className="block truncate text-slate-600">{user.email}</span>
              </th>
              <td className="px-3 py-2">{ROLE_SHORT_LABELS[user.role]}</td>
              <td className="px-3 py-2">
                <UserBadges user={user} />
              </td>
              <td className="px-3 py-2 tabular-nums">{formatCount(user.factureCount)}</td>
              <td className="px-3 py-2 tabular-nums">{formatDate(user.createdAt)}</td>
              <td className="px-3 py-2 tabular-nums">{formatDate(user.lastLoginAt)}</td>
              <td className="px-3 py-2 text-right">
                <OpenButton user={user} onOpen={onOpen} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** Under 768 px (SPEC §2): one card per account. */
function UserCards({ users, onOpen }: Props) {
  return (
    <ul className="space-y-3 md:hidden" aria-label="Utilisateurs">
      {users.map((user) => (
        <li key={user._id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <p className="truncate font-medium text-slate-900">{fullName(user)}</p>
          <p className="truncate text-sm text-slate-600">{user.email}</p>
          <div className="mt-2">
            <UserBadges user={user} />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">Rôle</dt>
            <dd className="text-slate-900">{ROLE_SHORT_LABELS[user.role]}</dd>
            <dt className="text-slate-600">Factures</dt>
            <dd className="tabular-nums text-slate-900">{formatCount(user.factureCount)}</dd>
            <dt className="text-slate-600">Inscrit le</dt>
            <dd className="tabular-nums text-slate-900">{formatDate(user.createdAt)}</dd>
          </dl>
          <div className="mt-3">
            <OpenButton user={user} onOpen={onOpen} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function UsersList(props: Props) {
  return (
    <>
      <UsersTable {...props} />
      <UserCards {...props} />
    </>
  );
}
