import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button-styles';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { plansQueryOptions, subscriptionInfoQueryOptions } from './api';
import { readCheckoutReturn } from './checkout-return';
import { CheckoutReturnBanner } from './checkout-return-banner';
import { CurrentPlanPanel } from './current-plan-panel';
import { SUBSCRIPTION_LOAD_ERROR } from './error-messages';
import { PlanCards } from './plan-cards';
import { SubscriptionFaq } from './subscription-faq';

/** /subscription (professionals): current plan, plan cards, FAQ (SPEC §2 Subscription). */
export function SubscriptionPage() {
  const [params] = useSearchParams();
  const checkoutReturn = readCheckoutReturn(params);
  // Always the freshest counts and dates here, whatever the sidebar cached.
  const info = useQuery({ ...subscriptionInfoQueryOptions(), refetchOnMount: 'always' });
  const plans = useQuery(plansQueryOptions());
  const catalogue = plans.data;

  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <title>Abonnement · Facturo</title>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Abonnement</h1>
          <p className="mt-1 text-sm text-slate-600">Votre plan, son utilisation et les plans disponibles.</p>
        </div>
        <Link to="/factures" className={buttonClasses('secondary')}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Retour aux factures
        </Link>
      </header>

      {checkoutReturn && <CheckoutReturnBanner value={checkoutReturn} />}

      {info.isPending && <LoadingStatus>Chargement de votre abonnement…</LoadingStatus>}
      {info.isError && <LoadError message={SUBSCRIPTION_LOAD_ERROR} query={info} />}
      {info.data && catalogue && (
        <>
          <CurrentPlanPanel info={info.data} plan={catalogue[info.data.plan]} />
          <PlanCards info={info.data} catalogue={catalogue} />
        </>
      )}

      <SubscriptionFaq />
    </div>
  );
}
