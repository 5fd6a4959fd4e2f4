import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { type NotificationRow, notifications } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';

/**
 * One page of a user's notifications, newest first. `before` is the id of the oldest one already shown:
 * the page is what comes after it in (created_at, id) order, read from notifications_user_idx. An id that
 * is not this user's finds no anchor, hence an empty page: nothing of another account leaks.
 */
export async function listNotifications(
  db: DbOrTx,
  userId: string,
  page: { before?: string; limit: number },
): Promise<NotificationRow[]> {
  const mine = eq(notifications.userId, userId);
  const after = page.before
    ? sql`(${notifications.createdAt}, ${notifications.id}) < (select n.created_at, n.id from notifications n where n.id = ${page.before} and n.user_id = ${userId})`
    : undefined;
  return db
    .select()
    .from(notifications)
    .where(after ? and(mine, after) : mine)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.limit);
}

export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.count ?? 0);
}

/** Marks one of the user's notifications read (its first reading time is kept); false when not theirs. */
export async function markRead(db: DbOrTx, userId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
