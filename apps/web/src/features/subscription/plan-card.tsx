import { PAID_PLAN_BADGES, type PaidPlan, type PlanDescription, RECOMMENDED_PLAN } from '@facturo/shared';
import { PlanFeatureList } from '../../components/plan-feature-list';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { formatPlanPrice } from './format';
import type { PlanCardAction } from './plan-status';

interface PlanCardProps {
  planId: PaidPlan;
  plan: PlanDescription;
  action: PlanCardAction;
  pending: boolean;
  /** Another card's request is running: one plan change at a time. */
  disabled: boolean;
  onChoose: () => void;
}

export function PlanCard({ planId, plan, action, pending, disabled, onChoose }: PlanCardProps) {
  const titleId = `plan-${planId}-titre`;
  const highlighted = planId === RECOMMENDED_PLAN;
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'flex flex-col rounded-xl border bg-white p-5 shadow-sm sm:p-6',
        highlighted ? 'border-indigo-300 ring-1 ring-indigo-200' : 'border-slate-200',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={titleId} className="text-lg font-semibold text-slate-900">
          {plan.nom}
        </h3>
        <Badge tone={highlighted ? 'indigo' : 'slate'}>{PAID_PLAN_BADGES[planId]}</Badge>
      </div>
      <p className="mt-2 text-2xl font-bold text-slate-900">{formatPlanPrice(plan)}</p>
      <PlanFeatureList features={plan.features} className="mt-4 flex-1 space-y-2" />
      {action.kind === 'current' && (
        <p className="mt-4 text-sm font-medium text-indigo-700">Votre plan actuel</p>
      )}
      <Button
        className="mt-4 w-full"
        variant={highlighted ? 'primary' : 'secondary'}
        loading={pending}
        disabled={action.kind === 'current' || disabled}
        onClick={onChoose}
      >
        {action.label}
      </Button>
    </article>
  );
}
