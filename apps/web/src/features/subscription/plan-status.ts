import { isPaidPlan, type PaidPlan, type SubscriptionInfo } from '@facturo/shared';

type StatusInput = Pick<SubscriptionInfo, 'plan' | 'status' | 'cancelAtPeriodEnd'>;

/** The status line of the plan panel, in the user's words rather than the API's codes. */
export function subscriptionStatusLabel({ plan, status, cancelAtPeriodEnd }: StatusInput): string {
  if (status === 'expire') return 'Expiré';
  if (status === 'impaye') return 'Paiement en attente';
  if (cancelAtPeriodEnd || status === 'annule') return 'Annulation programmée';
  if (plan === 'essai') return 'Essai en cours';
  return 'Actif';
}

/**
 * A paid plan still running, cancelled or not: it can be cancelled or reactivated, and switching to the
 * other paid plan goes through PUT /upgrade instead of a new checkout.
 */
export function hasLiveSubscription({ plan, status }: Pick<SubscriptionInfo, 'plan' | 'status'>): boolean {
  return isPaidPlan(plan) && (status === 'actif' || status === 'annule');
}

export type PlanCardAction =
  | { kind: 'current'; label: string }
  | { kind: 'switch'; label: string }
  | { kind: 'checkout'; label: string };

const CHOOSE_LABELS: Record<PaidPlan, string> = { premium: 'Choisir Premium', business: 'Choisir Business' };
const SWITCH_LABELS: Record<PaidPlan, string> = {
  premium: 'Passer à Premium',
  business: 'Passer à Business',
};

/** What a plan card's button does for this account (disabled on the plan already held). */
export function planCardAction(
  info: Pick<SubscriptionInfo, 'plan' | 'status'>,
  cardPlan: PaidPlan,
): PlanCardAction {
  if (hasLiveSubscription(info)) {
    return info.plan === cardPlan
      ? { kind: 'current', label: CHOOSE_LABELS[cardPlan] }
      : { kind: 'switch', label: SWITCH_LABELS[cardPlan] };
  }
  return { kind: 'checkout', label: CHOOSE_LABELS[cardPlan] };
}
