import { Search } from 'lucide-react';
import { type RefObject, useEffect, useId, useState } from 'react';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { PLAN_LABELS, ROLE_SHORT_LABELS } from './format';
import { FILTER_PLANS, FILTER_ROLES, FILTER_STATUTS, STATUT_LABELS, type UserFilters } from './user-filters';

/** Typing waits this long before asking the server, so a name is one request, not one per letter. */
const SEARCH_DELAY_MS = 300;

interface Props {
  filters: UserFilters;
  onChange: (filters: UserFilters) => void;
  searchRef?: RefObject<HTMLInputElement | null>;
}

/** Search and the three filters of the user list; any change goes back to the first page. */
export function UserFiltersForm({ filters, onChange, searchRef }: Props) {
  const id = useId();
  const [q, setQ] = useState(filters.q);

  useEffect(() => {
    if (q === filters.q) return;
    const timer = window.setTimeout(() => onChange({ ...filters, q, page: 0 }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [q, filters, onChange]);

  const set = (patch: Partial<UserFilters>) => onChange({ ...filters, ...patch, page: 0 });

  return (
    <search aria-label="Rechercher des utilisateurs">
      <form
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(event) => {
          event.preventDefault();
          set({ q });
        }}
      >
        <div className="space-y-1.5 sm:col-span-2 lg:col-span-1">
          <label htmlFor={`${id}-q`} className="block text-sm font-medium text-slate-800">
            Recherche
          </label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <Input
              id={`${id}-q`}
              ref={searchRef}
              type="search"
              className="pl-9"
              placeholder="Nom, e-mail ou SIRET"
              value={q}
              onChange={(event) => setQ(event.target.value)}
            />
          </div>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-role`} className="block text-sm font-medium text-slate-800">
            Rôle
          </label>
          <Select
            id={`${id}-role`}
            value={filters.role}
            onChange={(event) => set({ role: event.target.value as UserFilters['role'] })}
          >
            <option value="">Tous les rôles</option>
            {FILTER_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_SHORT_LABELS[role]}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-plan`} className="block text-sm font-medium text-slate-800">
            Plan
          </label>
          <Select
            id={`${id}-plan`}
            value={filters.plan}
            onChange={(event) => set({ plan: event.target.value as UserFilters['plan'] })}
          >
            <option value="">Tous les plans</option>
            {FILTER_PLANS.map((plan) => (
              <option key={plan} value={plan}>
                {PLAN_LABELS[plan]}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-statut`} className="block text-sm font-medium text-slate-800">
            Statut
          </label>
          <Select
            id={`${id}-statut`}
            value={filters.statut}
            onChange={(event) => set({ statut: event.target.value as UserFilters['statut'] })}
          >
            <option value="">Tous les statuts</option>
            {FILTER_STATUTS.map((statut) => (
              <option key={statut} value={statut}>
                {STATUT_LABELS[statut]}
              </option>
            ))}
          </Select>
        </div>
      </form>
    </search>
  );
}
