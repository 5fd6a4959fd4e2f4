import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { type SubscriptionRow, subscriptions, users } from '../../db/schema.js';
import type { Tx } from '../../db/types.js';
import type { PaymentProvider, ProviderSubscriptionState } from './payment-provider.js';
import { type SubscriptionValues, updateSubscription } from './subscription.repo.js';

export interface SyncResult {
  verifiees: number;
  corrigees: number;
}

type Correction = { subscription: SubscriptionRow; changes: Partial<SubscriptionValues> };

/** The fields where our copy differs from the provider's state. */
function differences(ours: SubscriptionRow, theirs: ProviderSubscriptionState): Partial<SubscriptionValues> {
  const changes: Partial<SubscriptionValues> = {};
  if (ours.status !== theirs.status) changes.status = theirs.status;
  if (ours.cancelAtPeriodEnd !== theirs.cancelAtPeriodEnd)
    changes.cancelAtPeriodEnd = theirs.cancelAtPeriodEnd;
  if (ours.currentPeriodStart.getTime() !== theirs.currentPeriodStart.getTime())
    changes.currentPeriodStart = theirs.currentPeriodStart;
  if (ours.currentPeriodEnd.getTime() !== theirs.currentPeriodEnd.getTime())
    changes.currentPeriodEnd = theirs.currentPeriodEnd;
  return changes;
}

/**
 * Reconciles every live paid subscription with its provider (POST /admin/sync-subscriptions): Stripe's
 * are read again, one by one and outside any transaction (a network call must not hold locks); the test
 * mode has no renewals, so an ended period is over. The corrections, and `audit`, are one transaction.
 */
export async function syncSubscriptions(
  ctx: AppContext,
  provider: PaymentProvider,
  audit: (tx: Tx, result: SyncResult) => Promise<void>,
): Promise<SyncResult> {
  const now = ctx.clock.now();
  const live = await ctx.db.select().from(subscriptions).where(ne(subscriptions.status, 'expire'));
  const corrections: Correction[] = [];
  for (const subscription of live) {
    let theirs: ProviderSubscriptionState | null = null;
    if (subscription.provider === 'stripe' && provider.mode === 'stripe') {
      try {
        theirs = await provider.readSubscription(subscription);
      } catch (error) {
        // One unreachable subscription does not stop the others; it stays as it was and is logged.
        ctx.log.warn({ err: error, userId: subscription.userId }, 'Abonnement Stripe illisible');
        continue;
      }
    } else if (subscription.currentPeriodEnd <= now) {
      theirs = { ...subscription, status: 'expire' };
    }
    const changes = theirs ? differences(subscription, theirs) : {};
    if (Object.keys(changes).length > 0) corrections.push({ subscription, changes });
  }
  const result = { verifiees: live.length, corrigees: corrections.length };
  await ctx.db.transaction(async (tx) => {
    for (const { subscription, changes } of corrections) {
      await updateSubscription(tx, subscription.userId, changes);
      if (changes.status === 'expire') await endPaidPlan(tx, subscription.userId);
    }
    await audit(tx, result);
  });
  return result;
}

/** The user falls back to the free plan, unless an admin granted a plan or the user is no longer paying. */
async function endPaidPlan(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ plan: 'gratuit', updatedAt: sql`now()` })
    .where(
      and(
        eq(users.id, userId),
        eq(users.planGrantedByAdmin, false),
        inArray(users.plan, ['premium', 'business']),
      ),
    );
}
