import { randomUUID } from 'node:crypto';
import type { PaidPlan, SubscriptionStatus } from '@facturo/shared';
import type { SubscriptionRow, UserRow } from '../../db/schema.js';

/**
 * Where payments happen. The local test mode (DESIGN §1) needs nothing outside the app; Stripe takes
 * over when its keys are configured. Either way our database only changes on the provider's verified word.
 */
export interface PaymentProvider {
  readonly mode: 'test' | 'stripe';
  /** `now` is the app clock's: a checkout during the trial keeps its days (subscription/trial.ts). */
  createCheckout(user: UserRow, plan: PaidPlan, now: Date): Promise<{ sessionId: string; url: string }>;
  setCancelAtPeriodEnd(subscription: SubscriptionRow, cancel: boolean): Promise<void>;
  changePlan(subscription: SubscriptionRow, plan: PaidPlan): Promise<void>;
  billingPortalUrl(user: UserRow, subscription: SubscriptionRow | undefined): Promise<string>;
  /** Ends the subscription at the provider now, without waiting for the period's end (account closed). */
  cancelNow(subscription: SubscriptionRow): Promise<void>;
  /**
   * The provider's current word on a subscription, for the admin's reconciliation (subscription-sync.ts);
   * null when there is no one to ask (the test mode, a subscription without a provider id).
   */
  readSubscription(subscription: SubscriptionRow): Promise<ProviderSubscriptionState | null>;
}

export interface ProviderSubscriptionState {
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
}

/**
 * The in-app checkout page: clearly labelled as a test, it activates the plan when confirmed. Its
 * addresses are paths, not APP_URL's: the browser stays on the origin it is on (127.0.0.1 or localhost),
 * where its session is stored (issue 17).
 */
export function testModeProvider(): PaymentProvider {
  return {
    mode: 'test',
    async createCheckout() {
      const sessionId = `test_${randomUUID()}`;
      return { sessionId, url: `/subscription/checkout/test?session=${sessionId}` };
    },
    async setCancelAtPeriodEnd() {},
    async changePlan() {},
    async billingPortalUrl() {
      return '/subscription';
    },
    async readSubscription() {
      return null;
    },
    async cancelNow() {},
  };
}
