import { Clock } from 'lucide-react';

/**
 * « En retard · 12 j » (issue 17): past its due date and not fully paid. Red on its -50 background keeps
 * 4.5:1; the words say it for those who cannot tell the colour, and « j » is spelled out to screen readers.
 */
export function OverdueBadge({ days }: { days: number }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-medium whitespace-nowrap text-red-800 ring-1 ring-red-200 ring-inset">
      <Clock className="size-3.5" aria-hidden="true" />
      <span aria-hidden="true">En retard · {days} j</span>
      <span className="sr-only">{`En retard de ${days} jour${days > 1 ? 's' : ''}`}</span>
    </span>
  );
}
