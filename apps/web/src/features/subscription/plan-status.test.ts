import { describe, expect, it } from 'vitest';
import { hasLiveSubscription, planCardAction, subscriptionStatusLabel } from './plan-status';

describe('subscriptionStatusLabel', () => {
  it('names each state', () => {
    expect(subscriptionStatusLabel({ plan: 'essai', status: 'actif', cancelAtPeriodEnd: false })).toBe(
      'Essai en cours',
    );
    expect(subscriptionStatusLabel({ plan: 'gratuit', status: 'actif', cancelAtPeriodEnd: false })).toBe(
      'Actif',
    );
    expect(subscriptionStatusLabel({ plan: 'premium', status: 'actif', cancelAtPeriodEnd: false })).toBe(
      'Actif',
    );
    expect(subscriptionStatusLabel({ plan: 'premium', status: 'annule', cancelAtPeriodEnd: true })).toBe(
      'Annulation programmée',
    );
    expect(subscriptionStatusLabel({ plan: 'business', status: 'expire', cancelAtPeriodEnd: false })).toBe(
      'Expiré',
    );
    expect(subscriptionStatusLabel({ plan: 'business', status: 'impaye', cancelAtPeriodEnd: false })).toBe(
      'Paiement en attente',
    );
  });
});

describe('hasLiveSubscription', () => {
  it('is a paid plan, active or cancelled at period end', () => {
    expect(hasLiveSubscription({ plan: 'premium', status: 'actif' })).toBe(true);
    expect(hasLiveSubscription({ plan: 'business', status: 'annule' })).toBe(true);
    expect(hasLiveSubscription({ plan: 'premium', status: 'expire' })).toBe(false);
    expect(hasLiveSubscription({ plan: 'gratuit', status: 'actif' })).toBe(false);
    expect(hasLiveSubscription({ plan: 'essai', status: 'actif' })).toBe(false);
  });
});

describe('planCardAction', () => {
  it('offers the checkout from the trial or the free plan', () => {
    expect(planCardAction({ plan: 'gratuit', status: 'actif' }, 'premium')).toEqual({
      kind: 'checkout',
      label: 'Choisir Premium',
    });
    expect(planCardAction({ plan: 'essai', status: 'actif' }, 'business')).toEqual({
      kind: 'checkout',
      label: 'Choisir Business',
    });
  });

  it('marks the plan held and offers to switch to the other one', () => {
    expect(planCardAction({ plan: 'premium', status: 'actif' }, 'premium').kind).toBe('current');
    expect(planCardAction({ plan: 'premium', status: 'actif' }, 'business')).toEqual({
      kind: 'switch',
      label: 'Passer à Business',
    });
    expect(planCardAction({ plan: 'business', status: 'annule' }, 'premium')).toEqual({
      kind: 'switch',
      label: 'Passer à Premium',
    });
  });

  it('sends an expired subscription back through the checkout', () => {
    expect(planCardAction({ plan: 'premium', status: 'expire' }, 'premium').kind).toBe('checkout');
  });
});
