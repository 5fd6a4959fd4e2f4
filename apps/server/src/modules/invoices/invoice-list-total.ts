import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-rows.js';
import type { DbOrTx } from '../../db/types.js';
import { lifeFilterSql } from './document-life.sql.js';
import { countDocuments, type DocumentListFilters } from './invoice-list.repo.js';
import { invoiceCountSql } from './issuer-counts.js';

/** An issuer's whole list: every type, no search, no client, no status filter (what /factures opens on). */
export const isWholeIssuedList = (filters: DocumentListFilters): boolean =>
  filters.side === 'emetteur' &&
  filters.clientId === undefined &&
  !filters.type &&
  !filters.q &&
  filters.statuses === null &&
  (filters.life?.filter ?? null) === null;

/**
 * The whole issued list's total without counting the issuer's history: every invoice row is in the issuer's
 * counter (issuer_counts), and the list leaves out only the numbers cancelled before any issue, which are
 * among the invoices never issued (a partial index, migration 0026: drafts and deleted ones, few). Those
 * are tested with the list's own filter (lifeFilterSql), so the figure is the list's by construction; one
 * statement, one snapshot: an invoice and its counter's change commit together.
 */
export async function wholeIssuedListTotal(db: DbOrTx, issuerId: string, today: string): Promise<number> {
  const result = await db.execute(sql`
    select ${invoiceCountSql(sql`${issuerId}::uuid`)} - (
      select count(*)::int from invoices d
      where d.issuer_id = ${issuerId}::uuid and d.issued_at is null
        and not ${lifeFilterSql('d', 'emetteur', null, today)}) as n`);
  return Number(rowsOf(result)[0]?.n ?? 0);
}

/** How many invoices a list holds, all pages together: from the counter for the whole issued list, else counted. */
export function invoiceListTotal(db: DbOrTx, filters: DocumentListFilters): Promise<number> {
  return isWholeIssuedList(filters)
    ? wholeIssuedListTotal(db, filters.userId, filters.life?.today ?? '')
    : countDocuments(db, 'invoices', filters);
}
