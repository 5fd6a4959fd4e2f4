import { eq, sql } from 'drizzle-orm';
import { type SubscriptionRow, type UserRow, users } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { findSubscription, updateSubscription } from './subscription.repo.js';

/**
 * The plan a user really has now. The scheduled sweep moves expired trials and paid periods to the free
 * plan; this does the same lazily on each request, so a stopped server never leaves one running late.
 * `subscription` is the user's paid period when the caller read it with the user (the session check:
 * no query of its own then); left out, it is read here.
 */
export async function refreshPlan(
  db: DbOrTx,
  user: UserRow,
  now: Date,
  known?: { subscription: Pick<SubscriptionRow, 'currentPeriodEnd' | 'cancelAtPeriodEnd'> | undefined },
): Promise<UserRow> {
  if (user.plan === 'essai' && user.trialEndsAt && user.trialEndsAt <= now) {
    return fallBackToFree(db, user);
  }
  // An admin's grant has no paid period to end: it stands until a checkout, a cancellation or another
  // admin change replaces it.
  if ((user.plan === 'premium' || user.plan === 'business') && !user.planGrantedByAdmin) {
    const subscription = known ? known.subscription : await findSubscription(db, user.id);
    const ended = !subscription || (subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd <= now);
    if (ended) {
      if (subscription) await updateSubscription(db, user.id, { status: 'expire' });
      return fallBackToFree(db, user);
    }
  }
  return user;
}

async function fallBackToFree(db: DbOrTx, user: UserRow): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ plan: 'gratuit', updatedAt: sql`now()` })
    .where(eq(users.id, user.id))
    .returning();
  return row ?? { ...user, plan: 'gratuit' };
}
