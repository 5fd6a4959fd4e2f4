import { and, inArray, lt, sql } from 'drizzle-orm';
import { quotes } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { parisDate } from '../../lib/paris-date.js';

/**
 * Run by the jobs' maintenance: quotes still waiting for an answer (créé, envoyé) whose validity date is
 * past (Paris calendar) become « expiré ». Returns how many changed.
 */
export async function expireQuotes(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .update(quotes)
    .set({ issuerStatus: 'expiree', updatedAt: sql`now()` })
    .where(and(inArray(quotes.issuerStatus, ['creee', 'envoyee']), lt(quotes.dateValidite, parisDate(now))))
    .returning({ id: quotes.id });
  return rows.length;
}

/** Whether a quote's validity date is past today (Paris), even before the job has seen it. */
export function isPastValidity(dateValidite: string, now: Date): boolean {
  return dateValidite < parisDate(now);
}
