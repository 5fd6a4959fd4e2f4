import type { Plan } from '@facturo/shared';
import { and, eq, lte, sql } from 'drizzle-orm';
import {
  type CheckoutSessionRow,
  checkoutSessions,
  type SubscriptionRow,
  subscriptions,
  users,
  webhookEvents,
} from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';

export type SubscriptionValues = Omit<typeof subscriptions.$inferInsert, 'userId' | 'updatedAt'>;

export async function findSubscription(db: DbOrTx, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row;
}

export async function saveSubscription(
  db: DbOrTx,
  userId: string,
  values: SubscriptionValues,
): Promise<void> {
  await db
    .insert(subscriptions)
    .values({ ...values, userId })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { ...values, updatedAt: sql`now()` } });
}

export async function updateSubscription(
  db: DbOrTx,
  userId: string,
  values: Partial<SubscriptionValues>,
): Promise<void> {
  await db
    .update(subscriptions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(subscriptions.userId, userId));
}

export async function findSubscriptionByProviderId(db: DbOrTx, subscriptionId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.subscriptionId, subscriptionId))
    .limit(1);
  return row;
}

export async function insertCheckoutSession(
  db: DbOrTx,
  values: typeof checkoutSessions.$inferInsert,
): Promise<void> {
  await db.insert(checkoutSessions).values(values);
}

export async function findCheckoutSession(db: DbOrTx, id: string): Promise<CheckoutSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, id))
    .for('update')
    .limit(1);
  return row;
}

export async function closeCheckoutSession(
  db: DbOrTx,
  id: string,
  status: 'completed' | 'cancelled',
  now: Date,
): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ status, completedAt: now })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'pending')));
}

/** True the first time an event id is seen; false for a replay. */
export async function recordWebhookEvent(db: DbOrTx, id: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(webhookEvents)
    .values({ id, type })
    .onConflictDoNothing({ target: webhookEvents.id })
    .returning({ id: webhookEvents.id });
  return rows.length === 1;
}

/**
 * The periodic sweep: trials and cancelled paid periods that are over fall back to the free plan. A plan
 * granted by an admin is left alone, even over an ended subscription: the grant is what the user has.
 */
export async function expirePlans(db: DbOrTx, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ plan: 'gratuit', updatedAt: sql`now()` })
    .where(and(eq(users.plan, 'essai'), lte(users.trialEndsAt, now)));
  const ended = await db
    .update(subscriptions)
    .set({ status: 'expire', updatedAt: sql`now()` })
    .where(
      and(
        eq(subscriptions.cancelAtPeriodEnd, true),
        lte(subscriptions.currentPeriodEnd, now),
        sql`${subscriptions.status} <> 'expire'`,
      ),
    )
    .returning({ userId: subscriptions.userId });
  for (const { userId } of ended) await setPlanUnlessGranted(db, userId, 'gratuit');
}

/** What the provider says of the plan, unless an admin granted one: the grant is not the provider's. */
export async function setPlanUnlessGranted(db: DbOrTx, userId: string, plan: Plan): Promise<void> {
  await db
    .update(users)
    .set({ plan, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.planGrantedByAdmin, false)));
}

/** When the user first paid (their first completed checkout): the start of the SPEC §9 estimate. */
export async function firstPaymentOf(db: DbOrTx, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ first: sql<Date | string | null>`min(${checkoutSessions.completedAt})` })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.status, 'completed')));
  return row?.first ? new Date(row.first) : null;
}
