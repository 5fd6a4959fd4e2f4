import { and, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { invoices, quotes } from '../../db/schema.js';
import type { Tx } from '../../db/types.js';

/** The document whose link created the account: it is received even if its address was another. */
export type LinkedDocument = { invoiceId: string } | { quoteId: string };

/**
 * A new account receives the document of its link and every invoice and quote sent to its address that
 * nobody received yet (sent before it existed): they appear in its received lists as if sent on the
 * platform. Answers how many of each.
 */
export async function receiveWaitingDocuments(
  tx: Tx,
  recipientId: string,
  email: string,
  linked: LinkedDocument,
): Promise<{ factures: number; devis: number }> {
  const address = email.toLowerCase();
  const invoiceRows = await tx
    .update(invoices)
    .set({ recipientId })
    .where(
      and(
        isNull(invoices.recipientId),
        isNotNull(invoices.sentAt),
        orLinked(
          sql`lower(${invoices.clientSnapshot}->>'email') = ${address}`,
          'invoiceId' in linked ? eq(invoices.id, linked.invoiceId) : undefined,
        ),
      ),
    )
    .returning({ id: invoices.id });
  const quoteRows = await tx
    .update(quotes)
    .set({ recipientId, updatedAt: sql`now()` })
    .where(
      and(
        isNull(quotes.recipientId),
        isNotNull(quotes.sentAt),
        orLinked(
          sql`lower(${quotes.clientSnapshot}->>'email') = ${address}`,
          'quoteId' in linked ? eq(quotes.id, linked.quoteId) : undefined,
        ),
      ),
    )
    .returning({ id: quotes.id });
  return { factures: invoiceRows.length, devis: quoteRows.length };
}

function orLinked(byAddress: SQL, byLink: SQL | undefined): SQL {
  return byLink ? (or(byLink, byAddress) ?? byAddress) : byAddress;
}
