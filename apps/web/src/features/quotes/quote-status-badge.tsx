import { QUOTE_STATUS_LABELS, type QuoteIssuerStatus, type QuoteRecipientStatus } from '@facturo/shared';
import { cn } from '../../components/ui/cn';

/** One colour per status (a -50 background with an -800 text keeps 4.5:1); the word is always there. */
const QUOTE_STATUS_TONES: Record<QuoteIssuerStatus | QuoteRecipientStatus, string> = {
  creee: 'bg-slate-100 text-slate-800 ring-slate-300',
  envoyee: 'bg-blue-50 text-blue-800 ring-blue-200',
  acceptee: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  refusee: 'bg-rose-50 text-rose-800 ring-rose-200',
  expiree: 'bg-amber-50 text-amber-800 ring-amber-200',
  facturee: 'bg-violet-50 text-violet-800 ring-violet-200',
  non_vue: 'bg-orange-50 text-orange-800 ring-orange-200',
  vue: 'bg-sky-50 text-sky-800 ring-sky-200',
};

/** The viewer's own side of a quote's status (QUOTE_STATUS_LABELS). */
export function QuoteStatusBadge({
  status,
  className,
}: {
  status: QuoteIssuerStatus | QuoteRecipientStatus;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        QUOTE_STATUS_TONES[status],
        className,
      )}
    >
      {QUOTE_STATUS_LABELS[status]}
    </span>
  );
}
