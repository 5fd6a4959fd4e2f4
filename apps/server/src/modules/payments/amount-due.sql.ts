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

/** En retard on `today` (YYYY-MM-DD, Paris): sent, not a credit note, not cancelled, past due, not fully paid. */
export function overdueSql(alias: string, today: string): SQL {
  const d = sql.raw(alias);
  return sql`(${d}.type <> 'avoir' and ${d}.issuer_status <> 'annulee' and ${d}.sent_at is not null
    and ${d}.date_echeance < ${today}::date and ${remainingDueSql(alias)} > 0)`;
}
