import { useId } from 'react';
import { cn } from '../../components/ui/cn';
import { formatUsage, type UsageTone, usagePercent, usageTone } from './usage';

const BAR_CLASSES: Record<UsageTone, string> = {
  normal: 'bg-indigo-600',
  high: 'bg-amber-500',
  full: 'bg-red-600',
};

interface UsageMeterProps {
  label: string;
  used: number;
  /** null: unlimited, then no bar is drawn. */
  limit: number | null;
}

/** One free-plan allowance: its label, "used / limit" and a progress bar screen readers can read. */
export function UsageMeter({ label, used, limit }: UsageMeterProps) {
  const labelId = useId();
  const tone = usageTone(used, limit);
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2 text-xs">
        <span id={labelId} className="font-medium text-slate-700">
          {label}
        </span>
        <span
          className={cn('tabular-nums', tone === 'full' ? 'font-semibold text-red-700' : 'text-slate-700')}
        >
          {formatUsage(used, limit)}
        </span>
      </div>
      {limit !== null && (
        <div
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(used, limit)}
          aria-valuetext={`${used} sur ${limit}`}
          className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className={cn('h-full rounded-full transition-[width]', BAR_CLASSES[tone])}
            style={{ width: `${usagePercent(used, limit)}%` }}
          />
        </div>
      )}
    </div>
  );
}
