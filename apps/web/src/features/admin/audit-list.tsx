import { ADMIN_ACTION_LABELS, type AuditEntry } from '@facturo/shared';
import { formatDateTime } from './format';

/** « limiteFactures: 5 → 20 »: what changed, from the before/after snapshots the server keeps. */
export function auditChange(entry: Pick<AuditEntry, 'before' | 'after'>): string {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const show = (value: unknown) => (value === undefined || value === null ? '—' : String(value));
  return keys
    .filter((key) => show(before[key]) !== show(after[key]))
    .map((key) => `${key} : ${show(before[key])} → ${show(after[key])}`)
    .join(', ');
}

/** The admin actions on this account, newest first as the server sends them. */
export function AuditList({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-slate-600">Aucune action d'administration.</p>;
  return (
    <ol className="space-y-2 text-sm">
      {entries.map((entry) => {
        const change = auditChange(entry);
        return (
          <li key={entry._id} className="rounded-lg bg-slate-50 px-3 py-2">
            <p className="font-medium text-slate-900">{ADMIN_ACTION_LABELS[entry.action]}</p>
            <p className="text-slate-600">
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time> · par{' '}
              {entry.adminEmail}
            </p>
            {change && <p className="text-slate-700">{change}</p>}
          </li>
        );
      })}
    </ol>
  );
}
