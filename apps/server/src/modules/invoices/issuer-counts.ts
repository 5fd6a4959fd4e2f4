import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf } from '../../db/raw-rows.js';
import { issuerCounts } from '../../db/schema.js';
import type { Db, DbOrTx } from '../../db/types.js';

/**
 * How many invoices an issuer has, read from the counter the invoices' triggers keep (migration 0025) rather
 * than counted: every signed-in page's first call (/users/me) and the admin's user list read it, and a count
 * grows with the issuer's history.
 */
export async function storedInvoiceCount(db: DbOrTx, issuerId: string): Promise<number> {
  const [row] = await db
    .select({ invoices: issuerCounts.invoices })
    .from(issuerCounts)
    .where(eq(issuerCounts.issuerId, issuerId));
  return row?.invoices ?? 0;
}

/** One issuer whose counter did not match the recount, and what it said. */
export interface CountDrift {
  issuerId: string;
  stored: number;
  actual: number;
}

/**
 * Recounts every issuer's invoices against their counters, then repairs each one that drifted (a trigger
 * disabled by hand, a row written around it). The whole table is read once, grouped; each repair then locks
 * the counter row and recounts that issuer again, so an invoice committed meanwhile is neither lost nor
 * counted twice: a creation in flight either holds the row (the lock waits for its commit, and the recount,
 * a new statement, sees it) or will add its own one after the repair.
 */
export async function repairIssuerCounts(db: Db): Promise<CountDrift[]> {
  const drifted = rowsOf(
    await db.execute(sql`
      select coalesce(a.issuer_id, c.issuer_id) as issuer_id
      from (select issuer_id, count(*)::int as n from invoices group by issuer_id) a
      full join issuer_counts c on c.issuer_id = a.issuer_id
      where coalesce(a.n, 0) <> coalesce(c.invoices, 0)
      order by 1`),
  );
  const repairs: CountDrift[] = [];
  for (const row of drifted) {
    const repair = await repairIssuer(db, String(row.issuer_id));
    if (repair) repairs.push(repair);
  }
  return repairs;
}

/**
 * One issuer's counter set to its recount, under the counter's row lock; the drift is what the locked row
 * said against the recount (the scan's figures may be older by then), none when they agree.
 */
async function repairIssuer(db: Db, issuerId: string): Promise<CountDrift | null> {
  return db.transaction(async (tx) => {
    // The issuer may have been deleted since the scan: then there is nothing to keep.
    await tx.execute(sql`
      insert into issuer_counts (issuer_id, invoices)
      select ${issuerId}::uuid, 0 where exists (select 1 from users where id = ${issuerId}::uuid)
      on conflict (issuer_id) do nothing`);
    const [locked] = rowsOf(
      await tx.execute(
        sql`select invoices from issuer_counts where issuer_id = ${issuerId}::uuid for update`,
      ),
    );
    if (!locked) return null;
    const [recount] = rowsOf(
      await tx.execute(sql`select count(*)::int as n from invoices where issuer_id = ${issuerId}::uuid`),
    );
    const stored = Number(locked.invoices);
    const actual = Number(recount?.n ?? 0);
    if (stored === actual) return null;
    await tx.execute(sql`update issuer_counts set invoices = ${actual} where issuer_id = ${issuerId}::uuid`);
    return { issuerId, stored, actual };
  });
}

/** The invoice count of the issuer `issuerId` names (a column or a value), as a scalar for a select list. */
export const invoiceCountSql = (issuerId: SQLWrapper | string): SQL<number> =>
  sql<number>`coalesce((select ${issuerCounts.invoices} from ${issuerCounts} where ${issuerCounts.issuerId} = ${issuerId}), 0)`;

/** The nightly check: repairs, and says each drift once (a drift is a defect to look for, not routine). */
export async function checkIssuerCounts(db: Db, log: FastifyBaseLogger): Promise<CountDrift[]> {
  const repairs = await repairIssuerCounts(db);
  for (const drift of repairs) {
    log.warn(drift, 'Compteur de factures réparé : il ne correspondait pas au recomptage');
  }
  return repairs;
}
