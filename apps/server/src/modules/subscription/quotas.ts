import { planLimits } from '@facturo/shared';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { clients, invoices, type UserRow, users } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { AppError } from '../../lib/errors.js';
import { addDays, parisDate } from '../../lib/paris-date.js';

/** First day of this Paris month and of the next one: invoices are counted per calendar month of issue. */
export function parisMonth(now: Date): { start: string; end: string } {
  const today = parisDate(now);
  const start = `${today.slice(0, 8)}01`;
  // Any month's first day plus 31 days falls in the next month.
  const end = `${addDays(start, 31).slice(0, 8)}01`;
  return { start, end };
}

export async function invoicesIssuedThisMonth(db: DbOrTx, userId: string, now: Date): Promise<number> {
  const { start, end } = parisMonth(now);
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(invoices)
    .where(
      and(eq(invoices.issuerId, userId), gte(invoices.dateEmission, start), lt(invoices.dateEmission, end)),
    );
  return row?.count ?? 0;
}

export async function clientCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(clients)
    .where(eq(clients.ownerId, userId));
  return row?.count ?? 0;
}

/**
 * Refuses a new invoice beyond the free plan's monthly limit. Called inside the creating transaction
 * after the numbering counter is locked, so concurrent creations are counted one after the other.
 */
export async function assertInvoiceQuota(tx: DbOrTx, user: UserRow, now: Date): Promise<void> {
  const limit = planLimits(user.plan).facturesParMois;
  if (limit === null) return;
  const used = await invoicesIssuedThisMonth(tx, user.id, now);
  if (used >= limit) {
    throw new AppError(
      403,
      'quota_exceeded',
      `Quota de factures atteint (${used}/${limit}) : le plan Gratuit permet ${limit} factures par mois. Passez à un plan Premium pour en créer davantage.`,
      { quota: { utilise: used, limite: limit } },
    );
  }
}

/** Refuses a new client beyond the free plan's limit; the user row lock orders concurrent additions. */
export async function assertClientQuota(tx: DbOrTx, user: UserRow): Promise<void> {
  const limit = planLimits(user.plan).clients;
  if (limit === null) return;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
  const used = await clientCount(tx, user.id);
  if (used >= limit) {
    throw new AppError(
      403,
      'quota_exceeded',
      `Quota de clients atteint (${used}/${limit}). Passez à un plan Premium pour ajouter plus de clients.`,
      { quota: { utilise: used, limite: limit } },
    );
  }
}
