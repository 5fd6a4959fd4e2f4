import { retentionEndOf } from '@facturo/shared';
import { and, eq, isNotNull, max } from 'drizzle-orm';
import { invoices, payments, purchases, supplierInvoices, yearlyArchives } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';

/**
 * The last day the books of this user must be kept (L123-22, shared BOOKS_RETENTION): ten years after the
 * end of the year of the latest date any of its books holds — issued invoices and credit notes, payments
 * received (receipts book), purchases, received supplier invoices, yearly archives. Null when the books are
 * empty: nothing to keep. A late payment or a purchase alone is enough to keep the archive open.
 */
export async function retentionEndFor(tx: DbOrTx, userId: string): Promise<string | null> {
  const years = await latestBookYears(tx, userId);
  const latest = years.reduce<number | null>(
    (best, year) => (best === null || year > best ? year : best),
    null,
  );
  return latest === null ? null : retentionEndOf(latest);
}

/** The year of each book's latest date (YYYY-MM-DD strings, or an archive's year), books without one left out. */
async function latestBookYears(tx: DbOrTx, userId: string): Promise<number[]> {
  const [issued] = await tx
    .select({ last: max(invoices.dateEmission) })
    .from(invoices)
    .where(and(eq(invoices.issuerId, userId), isNotNull(invoices.issuedAt)));
  const [received] = await tx
    .select({ last: max(payments.datePaiement) })
    .from(payments)
    .where(and(eq(payments.issuerId, userId), eq(payments.status, 'confirme')));
  const [bought] = await tx
    .select({ last: max(purchases.datePurchase) })
    .from(purchases)
    .where(eq(purchases.userId, userId));
  const [supplied] = await tx
    .select({ last: max(supplierInvoices.dateEmission) })
    .from(supplierInvoices)
    .where(eq(supplierInvoices.userId, userId));
  const [archived] = await tx
    .select({ last: max(yearlyArchives.year) })
    .from(yearlyArchives)
    .where(and(eq(yearlyArchives.userId, userId), eq(yearlyArchives.status, 'prete')));
  const dates = [issued?.last, received?.last, bought?.last, supplied?.last];
  const years = dates.flatMap((date) => (date ? [Number(date.slice(0, 4))] : []));
  return archived?.last ? [...years, Number(archived.last)] : years;
}
