import { and, eq, or, sql } from 'drizzle-orm';
import { type InvoiceRow, invoiceOriginals, invoices } from '../../db/schema.js';
import type { Db } from '../../db/types.js';

function visibleWithOriginalQuery(db: Db) {
  return db
    .select({ invoice: invoices, pdf: invoiceOriginals.pdf, sha256: invoiceOriginals.sha256 })
    .from(invoices)
    .leftJoin(invoiceOriginals, eq(invoiceOriginals.invoiceId, invoices.id))
    .where(
      and(
        eq(invoices.id, sql.placeholder('id')),
        or(
          eq(invoices.issuerId, sql.placeholder('userId')),
          eq(invoices.recipientId, sql.placeholder('userId')),
        ),
      ),
    )
    .limit(1)
    .prepare('invoice_pdf_with_original');
}

/** Prepared once per database handle (see findClientWithMentions): PDF downloads come in numbers. */
const prepared = new WeakMap<Db, ReturnType<typeof visibleWithOriginalQuery>>();

/**
 * GET …/pdf in one statement (issue 16): the invoice, when the user is its issuer or its recipient
 * (findVisibleInvoice's rule), with its stored original if it has one — where the record (invoice,
 * recipient, credit notes) and then the original took three.
 */
export async function findVisibleInvoiceWithOriginal(
  db: Db,
  userId: string,
  id: string,
): Promise<{ invoice: InvoiceRow; original: { pdf: Buffer; sha256: string } | null } | undefined> {
  let query = prepared.get(db);
  if (!query) {
    query = visibleWithOriginalQuery(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ id, userId });
  if (!row) return undefined;
  const original = row.pdf !== null && row.sha256 !== null ? { pdf: row.pdf, sha256: row.sha256 } : null;
  return { invoice: row.invoice, original };
}
