import { INVOICE_TYPE_FILTER_LABELS, INVOICE_TYPES, type InvoiceType } from '@facturo/shared';
import { Link, useSearchParams } from 'react-router';
import { TYPE_PARAM } from './list-path';

const itemClasses =
  'inline-flex rounded-md px-3 py-1 text-sm font-medium text-slate-700 transition-colors hover:text-slate-900 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ' +
  'aria-[current=true]:bg-white aria-[current=true]:text-indigo-700 aria-[current=true]:shadow-sm';

const CHOICES: readonly { type: InvoiceType | null; label: string }[] = [
  { type: null, label: 'Tous' },
  ...INVOICE_TYPES.map((type) => ({ type, label: INVOICE_TYPE_FILTER_LABELS[type] })),
];

/**
 * Tous / Factures / Acomptes / Avoirs (issue 15). Links, not buttons: the choice lives in the URL
 * (?type=avoir) beside the tab and the status, so it survives a reload and the back button.
 */
export function TypeFilter({ current }: { current: InvoiceType | null }) {
  const [searchParams] = useSearchParams();
  function searchFor(type: InvoiceType | null): string {
    const params = new URLSearchParams(searchParams);
    if (type) params.set(TYPE_PARAM, type);
    else params.delete(TYPE_PARAM);
    return params.toString();
  }
  return (
    <nav aria-label="Type de document">
      <ul className="inline-flex flex-wrap gap-1 rounded-lg bg-slate-200/70 p-1">
        {CHOICES.map(({ type, label }) => (
          <li key={label}>
            <Link
              to={{ search: searchFor(type) }}
              replace
              aria-current={type === current ? true : undefined}
              className={itemClasses}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
