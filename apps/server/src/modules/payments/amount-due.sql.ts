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

export function remainingDueSql(alias: string): SQL {
  const d = sql.raw(alias);
  return sql`greatest(0, ${d}.total_ttc_cents - ${d}.prepaid_cents - ${creditedCentsSql(alias)} - ${d}.paid_cents)`;
}
