import { PAID_PERIOD_DAYS, PAID_PLANS, singleLine } from '@facturo/shared';
import { z } from 'zod';
import type { SubscriptionRow } from '../../db/schema.js';
import type { Db } from '../../db/types.js';
import { DAY_MS } from '../../lib/clock.js';
import {
  closeCheckoutSession,
  findSubscriptionByProviderId,
  recordWebhookEvent,
  setPlanUnlessGranted,
  updateSubscription,
} from './subscription.repo.js';
import { activatePaidPlan } from './subscription.service.js';

/** Only the fields we use, read the same way whatever the account's Stripe API version. */
const eventSchema = z.object({
  // Stored (webhook_events): the text rule keeps a NUL out of PostgreSQL.
  id: singleLine().min(1).max(255),
  type: singleLine().max(255),
  data: z.object({ object: z.unknown() }),
});
const idOf = z.union([z.string(), z.object({ id: z.string() }).transform((o) => o.id)]);
const metadataSchema = z
  .object({
    userId: z.string().optional(),
    plan: z.enum(PAID_PLANS).optional(),
    /** Unix seconds: the trial the checkout keeps (stripe-provider.ts), the paid period's start. */
    trialEnd: z.string().regex(/^\d+$/).optional(),
  })
  .loose();

const checkoutCompleted = z.object({
  id: z.string(),
  customer: idOf.nullable().optional(),
  subscription: idOf.nullable().optional(),
  metadata: metadataSchema.nullable().optional(),
});
export const subscriptionObject = z.object({
  id: z.string(),
  status: z.string(),
  cancel_at_period_end: z.boolean().optional(),
  current_period_start: z.number().optional(),
  current_period_end: z.number().optional(),
  trial_end: z.number().nullable().optional(),
  items: z
    .object({
      data: z.array(
        z.object({ current_period_start: z.number().optional(), current_period_end: z.number().optional() }),
      ),
    })
    .optional(),
  metadata: metadataSchema.nullable().optional(),
});
const invoiceObject = z.object({
  subscription: idOf.nullable().optional(),
  parent: z
    .object({ subscription_details: z.object({ subscription: idOf }).nullable().optional() })
    .nullable()
    .optional(),
});

export const STATUS: Record<string, 'actif' | 'impaye' | 'expire'> = {
  active: 'actif',
  trialing: 'actif',
  past_due: 'impaye',
  unpaid: 'impaye',
  incomplete: 'impaye',
  canceled: 'expire',
  incomplete_expired: 'expire',
};

export const fromUnix = (seconds: number | undefined) =>
  seconds === undefined ? undefined : new Date(seconds * 1000);

/**
 * The period as we store it. While Stripe says `trialing` (a plan bought during our trial, issue 17), the
 * paid period starts at the trial's end: that is when the first payment comes (SubscriptionInfo.premierPaiement).
 */
export function periodOf(
  subscription: z.infer<typeof subscriptionObject>,
  ours: Pick<SubscriptionRow, 'currentPeriodStart' | 'currentPeriodEnd'>,
): Pick<SubscriptionRow, 'currentPeriodStart' | 'currentPeriodEnd'> {
  const item = subscription.items?.data[0];
  const start =
    fromUnix(item?.current_period_start ?? subscription.current_period_start) ?? ours.currentPeriodStart;
  const end = fromUnix(item?.current_period_end ?? subscription.current_period_end) ?? ours.currentPeriodEnd;
  const trialEnd =
    subscription.status === 'trialing' ? fromUnix(subscription.trial_end ?? undefined) : undefined;
  if (!trialEnd) return { currentPeriodStart: start, currentPeriodEnd: end };
  return { currentPeriodStart: trialEnd, currentPeriodEnd: end > trialEnd ? end : trialEnd };
}

/**
 * Applies a verified Stripe event once: the event id is recorded in the same transaction as its effect,
 * so a replay (or Stripe's own retries) changes nothing. Returns false for an event already applied.
 */
export async function applyStripeEvent(db: Db, raw: unknown, now: Date): Promise<boolean> {
  const event = eventSchema.parse(raw);
  return db.transaction(async (tx) => {
    if (!(await recordWebhookEvent(tx, event.id, event.type))) return false;
    const object = event.data.object;
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = checkoutCompleted.parse(object);
        const { userId, plan, trialEnd } = session.metadata ?? {};
        if (!userId || !plan) return true;
        await closeCheckoutSession(tx, session.id, 'completed', now);
        // The exact period arrives with customer.subscription.updated; a month is the plan's length,
        // from the trial's end when the checkout kept it.
        const start = fromUnix(trialEnd === undefined ? undefined : Number(trialEnd)) ?? now;
        await activatePaidPlan(tx, userId, plan, {
          provider: 'stripe',
          start,
          end: new Date(start.getTime() + PAID_PERIOD_DAYS * DAY_MS),
          customerId: session.customer ?? null,
          subscriptionId: session.subscription ?? null,
        });
        return true;
      }
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = subscriptionObject.parse(object);
        const ours = await findSubscriptionByProviderId(tx, subscription.id);
        if (!ours) return true;
        const deleted = event.type === 'customer.subscription.deleted';
        const status = deleted ? 'expire' : (STATUS[subscription.status] ?? 'actif');
        const cancelAtPeriodEnd = subscription.cancel_at_period_end ?? ours.cancelAtPeriodEnd;
        const plan = subscription.metadata?.plan ?? ours.plan;
        await updateSubscription(tx, ours.userId, {
          status: status === 'actif' && cancelAtPeriodEnd ? 'annule' : status,
          plan,
          cancelAtPeriodEnd,
          ...periodOf(subscription, ours),
        });
        await setPlanUnlessGranted(tx, ours.userId, status === 'expire' ? 'gratuit' : plan);
        return true;
      }
      case 'invoice.payment_failed': {
        const invoice = invoiceObject.parse(object);
        const subscriptionId = invoice.parent?.subscription_details?.subscription ?? invoice.subscription;
        const ours = subscriptionId ? await findSubscriptionByProviderId(tx, subscriptionId) : undefined;
        if (ours) await updateSubscription(tx, ours.userId, { status: 'impaye' });
        return true;
      }
      default:
        return true;
    }
  });
}
