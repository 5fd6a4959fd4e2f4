import {
  isPaidPlan,
  PAID_PLAN_BADGES,
  type Plan,
  type PlanDescription,
  RECOMMENDED_PLAN,
} from '@facturo/shared/plan-catalogue';
import { Link } from 'react-router';
import { PlanFeatureList } from '../../../components/plan-feature-list';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button-styles';
import { cn } from '../../../components/ui/cn';
import { formatPlanPrice } from '../format-price';

/** Every account starts with the trial, so each card's way in is the same sign-up; the words say what follows. */
const CALLS_TO_ACTION: Record<Plan, string> = {
  essai: "Démarrer l'essai",
  gratuit: 'Commencer gratuitement',
  premium: 'Choisir Premium',
  business: 'Choisir Business',
};

export function PricingCard({ planId, plan }: { planId: Plan; plan: PlanDescription }) {
  const recommended = planId === RECOMMENDED_PLAN;
  const titleId = `tarif-${planId}`;
  const badge = isPaidPlan(planId) ? PAID_PLAN_BADGES[planId] : undefined;
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'flex flex-col rounded-2xl border bg-white p-6 shadow-sm',
        recommended ? 'border-indigo-600 ring-2 ring-indigo-600' : 'border-slate-200',
      )}
    >
      <div className="flex min-h-6 items-center justify-between gap-2">
        <h3 id={titleId} className="text-lg font-semibold text-slate-900">
          {plan.nom}
        </h3>
        {badge && <Badge tone={recommended ? 'indigo' : 'slate'}>{badge}</Badge>}
      </div>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-1.5">
        <span className="text-4xl font-bold tracking-tight text-slate-900">{formatPlanPrice(plan.prix)}</span>
        <span className="text-sm text-slate-600">
          {planId === 'essai' ? `pendant ${plan.periode}` : `par ${plan.periode}`}
        </span>
      </p>
      <PlanFeatureList features={plan.features} className="mt-6 flex-1 space-y-2.5" />
      <Link
        to="/register"
        className={buttonClasses(recommended ? 'primary' : 'secondary', 'md', 'mt-8 w-full')}
      >
        {CALLS_TO_ACTION[planId]}
      </Link>
    </article>
  );
}
