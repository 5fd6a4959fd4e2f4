import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-rows.js';
import type { DbOrTx } from '../../db/types.js';
import {
  afterKey,
  type DocumentListFilters,
  type DocumentListRow,
  type DocumentSortKey,
  documentColumns,
  listConditions,
  newestFirst,
  readDocumentRow,
} from '../invoices/invoice-list.repo.js';

/** A quote's own fields in its row. */
export interface QuoteListRow extends DocumentListRow {
  dateValidite: string;
  /** Its final invoice, when one was made and not cancelled. */
  finalInvoice: { id: string; numero: string } | null;
}

/**
 * One page of quotes (issue 16), in the invoices' order and with their columns. The final invoices of
 * the page's quotes are read by one query over the page, never one per row.
 */
export async function quotePage(
  db: DbOrTx,
  filters: DocumentListFilters,
  after: DocumentSortKey | null,
  limit: number,
): Promise<QuoteListRow[]> {
  const where = after ? sql`${listConditions(filters)} and ${afterKey(after)}` : listConditions(filters);
  const result = await db.execute(sql`
    with page as (
      select ${documentColumns}, d.date_validite::text as date_validite
      from quotes d left join users r on r.id = d.recipient_id
      where ${where}
      order by ${newestFirst}
      limit ${limit}
    ), finals as (
      select distinct on (f.quote_id) f.quote_id, f.id as final_id, f.numero as final_numero
      from invoices f
      where f.quote_id in (select id from page) and f.type = 'facture' and f.issuer_status <> 'annulee'
      order by f.quote_id, f.year, f.sequence
    )
    select page.*, finals.final_id, finals.final_numero
    from page left join finals on finals.quote_id = page.id
    order by page.date_emission desc, page.created_key desc, page.id desc`);
  return rowsOf(result).map((r) => ({
    ...readDocumentRow(r),
    dateValidite: String(r.date_validite),
    finalInvoice:
      r.final_id === null || r.final_id === undefined
        ? null
        : { id: String(r.final_id), numero: String(r.final_numero) },
  }));
}
