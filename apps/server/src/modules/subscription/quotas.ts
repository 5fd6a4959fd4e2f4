import { planLimits } from '@facturo/shared';
import { and, eq, gte, lt, ne, sql } from 'drizzle-orm';
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

/** Who is counted: the user, and from when (an admin's reset of the quotas; null: from the start). */
export type QuotaSubject = Pick<UserRow, 'id' | 'quotasResetAt'>;

/**
 * The invoices of this Paris month that count against the quota: those written since the last reset.
 * Deposits are invoices and count; credit notes correct invoices and never do (issue 15).
 */
export async function invoicesIssuedThisMonth(db: DbOrTx, user: QuotaSubject, now: Date): Promise<number> {
  const { start, end } = parisMonth(now);
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(invoices)
    .where(
      and(
        eq(invoices.issuerId, user.id),
        ne(invoices.type, 'avoir'),
        gte(invoices.dateEmission, start),
        lt(invoices.dateEmission, end),
        user.quotasResetAt ? gte(invoices.createdAt, user.quotasResetAt) : undefined,
      ),
    );
  return row?.count ?? 0;
}

/** The clients that count against the quota: those added since the last reset. */
export async function clientCount(db: DbOrTx, user: QuotaSubject): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(clients)
    .where(
      and(
        eq(clients.ownerId, user.id),
        user.quotasResetAt ? gte(clients.createdAt, user.quotasResetAt) : undefined,
      ),
    );
  return row?.count ?? 0;
}

/** The free plan's limits for this user: an admin's own limits, else the defaults. */
export const limitsOf = (user: Pick<UserRow, 'plan' | 'limiteFactures' | 'limiteClients'>) =>
  planLimits(user.plan, user);

/**
 * Refuses a new invoice beyond the free plan's monthly limit. Called inside the creating transaction
 * after the numbering counter is locked, so concurrent creations are counted one after the other.
 */
export async function assertInvoiceQuota(tx: DbOrTx, user: UserRow, now: Date): Promise<void> {
  const limit = limitsOf(user).facturesParMois;
  if (limit === null) return;
  const used = await invoicesIssuedThisMonth(tx, user, now);
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
  if (limitsOf(user).clients === null) return;
  // Read again under the lock: an admin may have changed the limits or reset the count meanwhile.
  const [locked] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
  const subject = locked ?? user;
  const limit = limitsOf(subject).clients;
  if (limit === null) return;
  const used = await clientCount(tx, subject);
  if (used >= limit) {
    throw new AppError(
      403,
      'quota_exceeded',
      `Quota de clients atteint (${used}/${limit}). Passez à un plan Premium pour ajouter plus de clients.`,
      { quota: { utilise: used, limite: limit } },
    );
  }
}
