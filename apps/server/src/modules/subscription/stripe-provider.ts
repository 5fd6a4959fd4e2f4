import { type PaidPlan, PLAN_CATALOGUE } from '@facturo/shared';
import Stripe from 'stripe';
import type { UserRow } from '../../db/schema.js';
import { HOUR_MS } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { PaymentProvider } from './payment-provider.js';
import { periodOf, STATUS, subscriptionObject } from './stripe-webhook.js';
import { paidPeriodStart } from './trial.js';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  appUrl: string;
  /** Only for tests: a Stripe-shaped server on loopback instead of api.stripe.com. */
  apiUrl?: string;
}

export interface StripePaymentProvider extends PaymentProvider {
  /** The event, if and only if the payload carries Stripe's valid signature for our secret. */
  verifyWebhook(payload: Buffer, signature: string): unknown;
}

function client(settings: StripeSettings): Stripe {
  if (!settings.apiUrl) return new Stripe(settings.secretKey);
  const url = new URL(settings.apiUrl);
  return new Stripe(settings.secretKey, {
    host: url.hostname,
    port: url.port,
    protocol: url.protocol.replace(':', '') as 'http' | 'https',
  });
}

/** Monthly price of a plan, from the same catalogue the app shows. */
function priceData(plan: PaidPlan) {
  return {
    currency: 'eur',
    unit_amount: Math.round(PLAN_CATALOGUE[plan].prix * 100),
    recurring: { interval: 'month' as const },
    product_data: { name: `Facturo ${PLAN_CATALOGUE[plan].nom}` },
  };
}

/** Stripe refuses a Checkout `trial_end` less than 48 hours ahead; a trial closer to its end is paid now. */
const STRIPE_MIN_TRIAL_MS = 48 * HOUR_MS;

/**
 * The trial's end in Unix seconds when a checkout made now keeps it (issue 17: the first payment comes
 * when the trial ends), or undefined.
 */
function keptTrialEnd(user: UserRow, now: Date): number | undefined {
  const start = paidPeriodStart(user, now);
  if (start.getTime() - now.getTime() < STRIPE_MIN_TRIAL_MS) return undefined;
  return Math.floor(start.getTime() / 1000);
}

/** Stripe Checkout (subscription mode), Billing Portal and signed webhooks, with the official SDK. */
export function stripeProvider(settings: StripeSettings): StripePaymentProvider {
  const stripe = client(settings);
  return {
    mode: 'stripe',
    async createCheckout(user, plan, now) {
      const trialEnd = keptTrialEnd(user, now);
      const trial: Record<string, string> = trialEnd === undefined ? {} : { trialEnd: String(trialEnd) };
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price_data: priceData(plan), quantity: 1 }],
        client_reference_id: user.id,
        customer_email: user.email,
        metadata: { userId: user.id, plan, ...trial },
        subscription_data: {
          metadata: { userId: user.id, plan },
          ...(trialEnd === undefined ? {} : { trial_end: trialEnd }),
        },
        locale: 'fr',
        success_url: `${settings.appUrl}/subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${settings.appUrl}/subscription?checkout=cancelled`,
      });
      if (!session.url)
        throw new AppError(502, 'internal_error', 'Le paiement est indisponible, veuillez réessayer.');
      return { sessionId: session.id, url: session.url };
    },
    async setCancelAtPeriodEnd(subscription, cancel) {
      if (!subscription.subscriptionId) return;
      await stripe.subscriptions.update(subscription.subscriptionId, { cancel_at_period_end: cancel });
    },
    async changePlan(subscription, plan) {
      if (!subscription.subscriptionId) return;
      const current = await stripe.subscriptions.retrieve(subscription.subscriptionId);
      const item = current.items.data[0];
      if (!item) return;
      const { product_data: _name, ...amount } = priceData(plan);
      const product = typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
      const price = await stripe.prices.create({ ...amount, product });
      await stripe.subscriptions.update(subscription.subscriptionId, {
        items: [{ id: item.id, price: price.id }],
        metadata: { ...current.metadata, plan },
      });
    },
    async billingPortalUrl(_user, subscription) {
      if (!subscription?.customerId) return `${settings.appUrl}/subscription`;
      const portal = await stripe.billingPortal.sessions.create({
        customer: subscription.customerId,
        return_url: `${settings.appUrl}/subscription`,
      });
      return portal.url;
    },
    async readSubscription(subscription) {
      if (!subscription.subscriptionId) return null;
      const current = subscriptionObject.parse(
        await stripe.subscriptions.retrieve(subscription.subscriptionId),
      );
      const cancelAtPeriodEnd = current.cancel_at_period_end ?? subscription.cancelAtPeriodEnd;
      const status = STATUS[current.status] ?? 'actif';
      return {
        status: status === 'actif' && cancelAtPeriodEnd ? 'annule' : status,
        cancelAtPeriodEnd,
        ...periodOf(current, subscription),
      };
    },
    async cancelNow(subscription) {
      if (!subscription.subscriptionId) return;
      await stripe.subscriptions.cancel(subscription.subscriptionId);
    },
    verifyWebhook(payload, signature) {
      return stripe.webhooks.constructEvent(payload, signature, settings.webhookSecret);
    },
  };
}
