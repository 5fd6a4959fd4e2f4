import { type AdminUserStatut, INACTIVE_DAYS, NEW_USER_DAYS, type Plan, type Role } from '@facturo/shared';
import { and, desc, eq, gte, ilike, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { clients, emailEvents, invoices, loginEvents, type UserRow, users } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { DAY_MS } from '../../lib/clock.js';
import { containsFolded, containsPattern } from '../../lib/text-search.js';
import { invoiceCountSql } from '../invoices/issuer-counts.js';

export interface UserFilters {
  q?: string;
  role?: Role;
  plan?: Plan;
  statut?: AdminUserStatut;
  limit: number;
  offset: number;
}

/** SPEC §9's statuts: banni; nouveau = registered less than 7 days ago; inactif = not updated for 30 days. */
function statutCondition(statut: AdminUserStatut, now: Date): SQL {
  switch (statut) {
    case 'banni':
      return eq(users.isBanned, true);
    case 'nouveau':
      return gte(users.createdAt, new Date(now.getTime() - NEW_USER_DAYS * DAY_MS));
    case 'inactif':
      return lt(users.updatedAt, new Date(now.getTime() - INACTIVE_DAYS * DAY_MS));
  }
}

/** Closed accounts (tombstones kept for their invoices) are not users any more: never listed. */
function whereOf(filters: UserFilters, now: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isNull(users.deletedAt)];
  if (filters.q) {
    const q = filters.q;
    conditions.push(
      or(
        containsFolded(users.email, q),
        containsFolded(users.nom, q),
        containsFolded(users.prenom, q),
        containsFolded(sql`${users.prenom} || ' ' || ${users.nom}`, q),
        containsFolded(sql`${users.nom} || ' ' || ${users.prenom}`, q),
        // A SIRET is often typed with spaces; it is stored without.
        ilike(users.siret, containsPattern(filters.q.replace(/\s+/g, ''))),
      ),
    );
  }
  if (filters.role) conditions.push(eq(users.role, filters.role));
  if (filters.plan) conditions.push(eq(users.plan, filters.plan));
  if (filters.statut) conditions.push(statutCondition(filters.statut, now));
  return and(...conditions);
}

/** One page of the filtered users, newest first, each with its issued invoice count, and the filtered total. */
export async function listUsers(
  db: DbOrTx,
  filters: UserFilters,
  now: Date,
): Promise<{ rows: { user: UserRow; factureCount: number }[]; total: number }> {
  const where = whereOf(filters, now);
  const [rows, totals] = await Promise.all([
    db
      .select({
        user: users,
        // The triggers' counter: no count of each listed user's history.
        factureCount: invoiceCountSql(users.id),
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(filters.limit)
      .offset(filters.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** What a user holds: invoices issued and received, clients, e-mails queued on their behalf. */
export async function userCounts(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      factures: invoiceCountSql(userId),
      facturesRecues: sql<number>`(select count(*)::int from ${invoices} where ${invoices.recipientId} = ${userId})`,
      clients: sql<number>`(select count(*)::int from ${clients} where ${clients.ownerId} = ${userId})`,
      emails: sql<number>`(select count(*)::int from ${emailEvents} where ${emailEvents.userId} = ${userId})`,
    })
    .from(sql`(select 1) as one`);
  return row ?? { factures: 0, facturesRecues: 0, clients: 0, emails: 0 };
}

export async function lastLogins(db: DbOrTx, userId: string, limit = 10) {
  return db
    .select({ createdAt: loginEvents.createdAt, ip: loginEvents.ip })
    .from(loginEvents)
    .where(eq(loginEvents.userId, userId))
    .orderBy(desc(loginEvents.createdAt))
    .limit(limit);
}
