import { and, inArray, lt, sql } from 'drizzle-orm';
import { quotes } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { parisDate } from '../../lib/paris-date.js';
import { journalStatusChanges, quoteDocument } from '../journal/journal-events.js';

/**
 * Run by the jobs' maintenance: quotes still waiting for an answer (créé, envoyé) whose validity date is
 * past (Paris calendar) become « expiré ». Returns how many changed. Issue 18: each change is journalled
 * in the same transaction (the rows are locked first, so the status they leave is the one journalled).
 */
export async function expireQuotes(db: DbOrTx, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: quotes.id,
        issuerId: quotes.issuerId,
        numero: quotes.numero,
        issuerStatus: quotes.issuerStatus,
        recipientStatus: quotes.recipientStatus,
      })
      .from(quotes)
      .where(and(inArray(quotes.issuerStatus, ['creee', 'envoyee']), lt(quotes.dateValidite, parisDate(now))))
      .for('update');
    if (due.length === 0) return 0;
    await tx
      .update(quotes)
      .set({ issuerStatus: 'expiree', updatedAt: sql`now()` })
      .where(
        inArray(
          quotes.id,
          due.map((quote) => quote.id),
        ),
      );
    for (const quote of due) {
      const expired = { issuerStatus: 'expiree' };
      await journalStatusChanges(tx, quote.issuerId, quoteDocument(quote), quote, expired, now);
    }
    return due.length;
  });
}

/** Whether a quote's validity date is past today (Paris), even before the job has seen it. */
export function isPastValidity(dateValidite: string, now: Date): boolean {
  return dateValidite < parisDate(now);
}
