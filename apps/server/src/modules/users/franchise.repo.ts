import { and, eq, gte, lt, notInArray, sql } from 'drizzle-orm';
import { invoices } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';

/**
 * Revenue excluding VAT that counts against the franchise thresholds in a calendar year: the issuer's
 * invoices dated that year, drafts (not issued) and cancelled invoices left out. One aggregate in SQL.
 */
export async function yearRevenueHtCents(db: DbOrTx, issuerId: string, year: number): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${invoices.totalHtCents}), 0)` })
    .from(invoices)
    .where(
      and(
        eq(invoices.issuerId, issuerId),
        gte(invoices.dateEmission, `${year}-01-01`),
        lt(invoices.dateEmission, `${year + 1}-01-01`),
        notInArray(invoices.issuerStatus, ['brouillon', 'annulee']),
      ),
    );
  // sum() of integers is a bigint, which the drivers hand over as a string.
  return Number(row?.cents ?? 0);
}
