import type { UsagePoint } from '@facturo/shared';
import { and, eq, gte, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { clients, emailEvents, invoices, users } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { DAY_MS } from '../../lib/clock.js';
import { addDays, parisDate } from '../../lib/paris-date.js';

export type PeriodUnit = 'day' | 'month';

/** Written into the SQL as literals (never parameters), so the grouped expression is the selected one. */
const PERIOD_FORMAT: Record<PeriodUnit, string> = { day: 'YYYY-MM-DD', month: 'YYYY-MM' };

/** The last `n` Paris days (YYYY-MM-DD) or months (YYYY-MM), oldest first, ending with the current one. */
export function lastPeriods(unit: PeriodUnit, n: number, now: Date): string[] {
  const today = parisDate(now);
  if (unit === 'day') return Array.from({ length: n }, (_, i) => addDays(today, i - (n - 1)));
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  return Array.from({ length: n }, (_, i) => {
    const total = year * 12 + month - (n - 1 - i);
    return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
  });
}

/** An instant safely before the first period: rows older than it are never counted. */
function sinceOf(unit: PeriodUnit, n: number, now: Date): Date {
  return new Date(now.getTime() - (unit === 'day' ? n + 1 : n * 31 + 1) * DAY_MS);
}

async function countPerPeriod(
  db: DbOrTx,
  table: PgTable,
  column: PgColumn,
  unit: PeriodUnit,
  since: Date,
  where?: SQL,
): Promise<Map<string, number>> {
  const periode = sql<string>`to_char(${column} at time zone 'Europe/Paris', ${sql.raw(`'${PERIOD_FORMAT[unit]}'`)})`;
  const rows = await db
    .select({ periode, n: sql<number>`count(*)::int` })
    .from(table)
    .where(and(gte(column, since), where))
    .groupBy(periode);
  return new Map(rows.map((r) => [r.periode, r.n]));
}

/** Accounts that signed up (a password, or a closed account that had one), not invited recipients. */
export const registeredAccount = or(isNotNull(users.passwordHash), isNotNull(users.deletedAt));

/** Invoices, clients, e-mails and sign-ups per period, every period present (0 when none). */
export async function usageSeries(db: DbOrTx, unit: PeriodUnit, n: number, now: Date): Promise<UsagePoint[]> {
  const since = sinceOf(unit, n, now);
  const [factures, clientsAdded, emails, inscriptions] = await Promise.all([
    countPerPeriod(db, invoices, invoices.createdAt, unit, since),
    countPerPeriod(db, clients, clients.createdAt, unit, since),
    countPerPeriod(db, emailEvents, emailEvents.createdAt, unit, since),
    countPerPeriod(db, users, users.createdAt, unit, since, registeredAccount),
  ]);
  return lastPeriods(unit, n, now).map((periode) => ({
    periode,
    factures: factures.get(periode) ?? 0,
    clients: clientsAdded.get(periode) ?? 0,
    emails: emails.get(periode) ?? 0,
    inscriptions: inscriptions.get(periode) ?? 0,
  }));
}

/** One user's invoices issued, clients added and e-mails queued per Paris month, the last `mois` months. */
export async function userUsageHistory(db: DbOrTx, userId: string, mois: number, now: Date) {
  const since = sinceOf('month', mois, now);
  const [factures, clientsAdded, emails] = await Promise.all([
    countPerPeriod(db, invoices, invoices.createdAt, 'month', since, eq(invoices.issuerId, userId)),
    countPerPeriod(db, clients, clients.createdAt, 'month', since, eq(clients.ownerId, userId)),
    countPerPeriod(db, emailEvents, emailEvents.createdAt, 'month', since, eq(emailEvents.userId, userId)),
  ]);
  return lastPeriods('month', mois, now).map((m) => ({
    mois: m,
    factures: factures.get(m) ?? 0,
    clients: clientsAdded.get(m) ?? 0,
    emails: emails.get(m) ?? 0,
  }));
}
