import { type SQL, sql } from 'drizzle-orm';

/**
 * The SQL twin of packages/shared amount-due.ts, for lists and aggregates over many invoices. `alias` is
 * the invoices table's alias in the caller's query (a fixed identifier of the code, never user input).
 */
export function creditedCentsSql(alias: string): SQL {
  const d = sql.raw(alias);
  return sql`coalesce((select sum(c.total_ttc_cents) from invoices c
    where c.credited_invoice_id = ${d}.id and c.type = 'avoir'), 0)`;
}

/**
 * creditedCentsSql as a lateral join's one row — `cross join lateral ${creditedLateralSql('d')} credited`,
 * read as `credited.cents` — for a query that uses it many times a row: each use of the inline subquery is
 * run again for every row (the totals' nine life filters held it 46 times), the lateral one once.
 */
export function creditedLateralSql(alias: string): SQL {
  const d = sql.raw(alias);
  return sql`(select coalesce(sum(c.total_ttc_cents), 0) as cents from invoices c
    where c.credited_invoice_id = ${d}.id and c.type = 'avoir')`;
}

/** `credited`: the row's credit-notes total when the caller joined it (by default the correlated subquery). */
export function remainingDueSql(alias: string, credited: SQL = creditedCentsSql(alias)): SQL {
  const d = sql.raw(alias);
  return sql`greatest(0, ${d}.total_ttc_cents - ${d}.prepaid_cents - ${credited} - ${d}.paid_cents)`;
}
