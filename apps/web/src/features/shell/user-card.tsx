import { ROLE_LABELS, type User } from '@facturo/shared';

/** Who is signed in, and as what (SPEC §2: Compte particulier / Compte professionnel). */
export function UserCard({ user }: { user: User }) {
  const initials = `${user.prenom.charAt(0)}${user.nom.charAt(0)}`.toUpperCase();
  return (
    <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700"
      >
        {initials}
      </span>
      <div className="min-w-0 text-sm">
        <p className="truncate font-semibold text-slate-900">
          {user.prenom} {user.nom}
        </p>
        <p className="truncate text-slate-600" title={user.email}>
          {user.email}
        </p>
        <p className="mt-0.5 text-xs font-medium text-indigo-700">{ROLE_LABELS[user.role]}</p>
      </div>
    </div>
  );
}
