import type { DocumentLife, LifeSide } from '@facturo/shared';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-rows.js';
import type { InvoiceRow } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { creditedCentsSql } from '../payments/amount-due.sql.js';
import { lifeOfRow, storedLifeOf } from './document-life.presenter.js';

/**
 * The life of one invoice row read in a transaction (a status change, a refusal, a reminder by hand):
 * its credit notes summed as the lists sum them, so the rule decides on the state the reader sees.
 */
export async function lifeOfInvoice(
  db: DbOrTx,
  invoice: InvoiceRow,
  side: LifeSide,
  today: string,
): Promise<DocumentLife> {
  const result = await db.execute(
    sql`select ${creditedCentsSql('i')}::text as credited from invoices i where i.id = ${invoice.id}`,
  );
  const credited = Number(rowsOf(result)[0]?.credited ?? 0);
  return lifeOfRow(invoice, storedLifeOf(invoice), credited, side, today);
}
