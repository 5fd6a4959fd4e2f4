import { type InvoiceStatus, STATUS_LABELS } from '@facturo/shared';
import { cn } from '../../components/ui/cn';

/**
 * One colour per status, so a list can be scanned by colour as well as by word. Each pairs a -50
 * background with an -800 text, which keeps 4.5:1 contrast; the word is always there for those who
 * cannot tell the colours apart.
 */
const STATUS_TONES: Record<InvoiceStatus, string> = {
  creee: 'bg-slate-100 text-slate-800 ring-slate-300',
  brouillon: 'bg-amber-50 text-amber-800 ring-amber-200',
  envoyee: 'bg-blue-50 text-blue-800 ring-blue-200',
  payee: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  annulee: 'bg-red-50 text-red-800 ring-red-200',
  non_vue: 'bg-orange-50 text-orange-800 ring-orange-200',
  vue: 'bg-sky-50 text-sky-800 ring-sky-200',
  acceptee: 'bg-teal-50 text-teal-800 ring-teal-200',
  refusee: 'bg-rose-50 text-rose-800 ring-rose-200',
};

/** The viewer's own side of the status (SPEC §4: each party sees only its side). */
export function StatusBadge({ status, className }: { status: InvoiceStatus; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        STATUS_TONES[status],
        className,
      )}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
