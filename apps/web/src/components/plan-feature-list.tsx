import { Check } from 'lucide-react';
import { cn } from './ui/cn';

/** What a plan includes, ticked: the same list on the landing's pricing, the Abonnement page and the checkout. */
export function PlanFeatureList({
  features,
  className,
}: {
  features: readonly string[];
  className?: string;
}) {
  return (
    <ul className={cn('text-sm text-slate-700', className)}>
      {features.map((feature) => (
        <li key={feature} className="flex gap-2">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
          {feature}
        </li>
      ))}
    </ul>
  );
}
