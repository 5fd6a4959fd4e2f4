import type { UserRow } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import type { PurchasePeriod } from './purchase-period.js';
import { purchasesBetween } from './purchases.repo.js';
import { purchasesCsv } from './purchases-export.js';

/**
 * The purchases register's CSV of `period` for another module (e.g. the yearly archive, beside the receipts
 * book's receiptsBookCsv): the same file GET /achats/export?format=csv serves.
 */
export async function purchasesRegisterCsv(
  db: DbOrTx,
  user: UserRow,
  period: PurchasePeriod,
): Promise<Buffer> {
  return purchasesCsv(await purchasesBetween(db, user.id, period.debut, period.fin));
}
