import {
  PAID_PLANS,
  type PaidPlan,
  type Plan,
  type PlanDescription,
  type SubscriptionInfo,
} from '@facturo/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { useCheckoutMutation, useSwitchPlanMutation } from './api';
import { inAppPath } from './checkout-url';
import { describeCheckoutError, describeSubscriptionError, SWITCH_PLAN_ERROR } from './error-messages';
import { PlanCard } from './plan-card';
import { planCardAction } from './plan-status';

interface PlanCardsProps {
  info: SubscriptionInfo;
  catalogue: Record<Plan, PlanDescription>;
}

/**
 * Premium and Business. From the trial or the free plan a card opens the provider's checkout (the test
 * page in test mode); between paid plans it switches at once through PUT /upgrade.
 */
export function PlanCards({ info, catalogue }: PlanCardsProps) {
  const navigate = useNavigate();
  const checkout = useCheckoutMutation();
  const switchPlan = useSwitchPlanMutation();
  const [chosen, setChosen] = useState<PaidPlan | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The browser is leaving for the payment page: keep the button spinning until it has gone.
  const busy = checkout.isPending || checkout.isSuccess || switchPlan.isPending;

  function choose(plan: PaidPlan) {
    const action = planCardAction(info, plan);
    setChosen(plan);
    setError(null);
    if (action.kind === 'switch') {
      switchPlan.mutate(plan, {
        onSuccess: () => toast.success(`Vous êtes passé au plan ${catalogue[plan].nom}.`),
        onError: (failure) => setError(describeSubscriptionError(failure, SWITCH_PLAN_ERROR)),
      });
      return;
    }
    checkout.mutate(plan, {
      onSuccess: (url) => {
        const path = inAppPath(url, window.location.origin);
        if (path) navigate(path);
        else window.location.assign(url);
      },
      onError: (failure) => setError(describeCheckoutError(failure)),
    });
  }

  return (
    <section aria-labelledby="plans-titre" className="space-y-4">
      <h2 id="plans-titre" className="text-lg font-semibold text-slate-900">
        Choisir un plan
      </h2>
      {error && <Alert variant="error">{error}</Alert>}
      <div className="grid gap-4 md:grid-cols-2">
        {PAID_PLANS.map((plan) => (
          <PlanCard
            key={plan}
            planId={plan}
            plan={catalogue[plan]}
            action={planCardAction(info, plan)}
            pending={busy && chosen === plan}
            disabled={busy && chosen !== plan}
            onChoose={() => choose(plan)}
          />
        ))}
      </div>
    </section>
  );
}
