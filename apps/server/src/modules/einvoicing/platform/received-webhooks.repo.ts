import { and, eq, lt } from 'drizzle-orm';
import { receivedWebhooks } from '../../../db/schema.js';
import type { DbOrTx } from '../../../db/types.js';
import { DELIVERY_MEMORY_MS } from '../afnor/webhook-signature.js';

/**
 * True the first time a user's webhook delivery is seen; false for a replay. The primary key decides
 * between concurrent copies: exactly one insert wins, on any number of replicas.
 */
export async function rememberDelivery(
  db: DbOrTx,
  userId: string,
  deliveryKey: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(receivedWebhooks)
    .values({ userId, deliveryKey, receivedAt: now })
    .onConflictDoNothing()
    .returning({ deliveryKey: receivedWebhooks.deliveryKey });
  return rows.length === 1;
}

/** A delivery whose work could not be queued is forgotten, so that the platform's retry is taken. */
export async function forgetDelivery(db: DbOrTx, userId: string, deliveryKey: string): Promise<void> {
  await db
    .delete(receivedWebhooks)
    .where(and(eq(receivedWebhooks.userId, userId), eq(receivedWebhooks.deliveryKey, deliveryKey)));
}

/** Deliveries whose signature has gone stale: refused by their timestamp now, no need to remember them. */
export async function purgeReceivedWebhooks(db: DbOrTx, now: Date): Promise<void> {
  await db
    .delete(receivedWebhooks)
    .where(lt(receivedWebhooks.receivedAt, new Date(now.getTime() - DELIVERY_MEMORY_MS)));
}
