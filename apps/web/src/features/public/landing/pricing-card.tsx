import {
  PAID_PLAN_BADGES,
  PAID_PLANS,
  type PaidPlan,
  type PLAN_CATALOGUE,
  type PlanDescription,
  RECOMMENDED_PLAN,
} from '@facturo/shared/plan-catalogue';
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button-styles';
import { cn } from '../../../components/ui/cn';
import { formatPlanPrice } from '../format-price';

/* Taken from the zod-free catalogue rather than '@facturo/shared', which this page must not load. */
export type Plan = keyof typeof PLAN_CATALOGUE;

const isPaid = (plan: Plan): plan is PaidPlan => (PAID_PLANS as readonly string[]).includes(plan);

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
  const badge = isPaid(planId) ? PAID_PLAN_BADGES[planId] : undefined;
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
      <ul className="mt-6 flex-1 space-y-2.5 text-sm text-slate-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
            {feature}
          </li>
        ))}
      </ul>
      <Link
        to="/register"
        className={buttonClasses(recommended ? 'primary' : 'secondary', 'md', 'mt-8 w-full')}
      >
        {CALLS_TO_ACTION[planId]}
      </Link>
    </article>
  );
}
