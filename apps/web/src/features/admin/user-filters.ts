import {
  ADMIN_USER_STATUTS,
  type AdminUserStatut,
  type AdminUsersQuery,
  PLANS,
  type Plan,
  ROLES,
  type Role,
} from '@facturo/shared';

/** What the admin chose above the user list; '' means « tous ». */
export interface UserFilters {
  q: string;
  role: Role | '';
  plan: Plan | '';
  statut: AdminUserStatut | '';
  page: number;
}

export const USERS_PAGE_SIZE = 20;

export const EMPTY_FILTERS: UserFilters = { q: '', role: '', plan: '', statut: '', page: 0 };

export const STATUT_LABELS: Record<AdminUserStatut, string> = {
  banni: 'Bannis',
  nouveau: 'Nouveaux (moins de 7 jours)',
  inactif: 'Inactifs (plus de 30 jours)',
};

export const FILTER_ROLES = ROLES;
export const FILTER_PLANS = PLANS;
export const FILTER_STATUTS = ADMIN_USER_STATUTS;

/** The API's query for these filters: empty choices are left out, the page becomes an offset. */
export function usersQueryFor(filters: UserFilters): AdminUsersQuery {
  const query: AdminUsersQuery = { limit: USERS_PAGE_SIZE, offset: filters.page * USERS_PAGE_SIZE };
  const q = filters.q.trim();
  if (q) query.q = q;
  if (filters.role) query.role = filters.role;
  if (filters.plan) query.plan = filters.plan;
  if (filters.statut) query.statut = filters.statut;
  return query;
}

export function usersSearchParams(query: AdminUsersQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
}

/** « 21–40 sur 57 »: what the pager announces. */
export function rangeLabel(page: number, shown: number, total: number): string {
  if (shown === 0) return `0 sur ${total}`;
  const first = page * USERS_PAGE_SIZE + 1;
  return `${first}–${first + shown - 1} sur ${total}`;
}
