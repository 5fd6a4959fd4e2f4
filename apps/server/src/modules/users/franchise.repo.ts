import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-rows.js';
import type { DbOrTx } from '../../db/types.js';
import { issuedSql } from '../invoices/document-life.sql.js';

/**
 * Revenue excluding VAT that counts against the franchise thresholds in a calendar year, in one SQL
 * aggregate over the issuer's issued documents dated that year (issuedSql, DESIGN §5: an unsent numbered
 * invoice counts nowhere, a cancelled one never was issued):
 * - invoices and deposit invoices add their amount, credit notes take theirs away (issue 15);
 * - a final invoice repeats its quote's whole amount, of which the deposits were already counted when they
 *   were issued (perhaps the year before): it adds only the rest, its total less its quote's deposits net
 *   of their own credit notes. A quote is invoiced once and takes no deposit afterwards, so its deposits
 *   are exactly those the final invoice deducts.
 */
export async function yearRevenueHtCents(db: DbOrTx, issuerId: string, year: number): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(sum(
      case when doc.type = 'avoir' then -doc.total_ht_cents else doc.total_ht_cents end
      - case when doc.type = 'facture' and doc.quote_id is not null then (
          select coalesce(sum(
            case when earlier.type = 'avoir' then -earlier.total_ht_cents else earlier.total_ht_cents end
          ), 0)
          from invoices earlier
          where earlier.issuer_id = doc.issuer_id
            and ${issuedSql('earlier')}
            and (
              (earlier.type = 'acompte' and earlier.quote_id = doc.quote_id)
              or (earlier.type = 'avoir' and earlier.credited_invoice_id in (
                select deposit.id from invoices deposit
                where deposit.type = 'acompte' and deposit.quote_id = doc.quote_id
              ))
            )
        ) else 0 end
    ), 0) as cents
    from invoices doc
    where doc.issuer_id = ${issuerId}
      and doc.date_emission >= ${`${year}-01-01`}
      and doc.date_emission < ${`${year + 1}-01-01`}
      and ${issuedSql('doc')}
  `);
  // sum() of integers is a numeric, which the drivers hand over as a string.
  return Number(rowsOf(result)[0]?.cents ?? 0);
}
