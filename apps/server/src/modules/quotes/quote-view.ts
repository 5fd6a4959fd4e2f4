import { and, eq, sql } from 'drizzle-orm';
import { type QuoteRow, quotes } from '../../db/schema.js';
import type { Tx } from '../../db/types.js';
import { publishEvents } from '../../lib/events/publish.js';
import { quoteStatusChanged } from '../../lib/events/quote-events.js';
import { journalStatusChanges, quoteDocument } from '../journal/journal-events.js';

/**
 * The recipient opened the quote — in their account or through the e-mailed link: « vue » on the
 * recipient's side, once, in the caller's transaction, journalled in the issuer's chain and told to the
 * issuer's open pages. The update is conditional, so two openings at once record one view. Answers
 * whether it was the first.
 */
export async function recordQuoteView(tx: Tx, quote: QuoteRow, at: Date): Promise<boolean> {
  const seen = await tx
    .update(quotes)
    .set({ recipientStatus: 'vue', updatedAt: sql`now()` })
    .where(and(eq(quotes.id, quote.id), eq(quotes.recipientStatus, 'non_vue')))
    .returning({ id: quotes.id });
  if (seen.length === 0) return false;
  const changes = { recipientStatus: 'vue' as const };
  await journalStatusChanges(tx, quote.issuerId, quoteDocument(quote), quote, changes, at);
  await publishEvents(tx, quoteStatusChanged({ ...quote, ...changes }, 'emetteur'));
  return true;
}
