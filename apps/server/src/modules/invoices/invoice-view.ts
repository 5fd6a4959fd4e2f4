import { and, eq } from 'drizzle-orm';
import { invoices } from '../../db/schema.js';
import type { Db } from '../../db/types.js';
import { markViewed } from './document-life.repo.js';

/**
 * The recipient opened the invoice (here: through its e-mailed link). The first opening only is kept,
 * and the recipient's side moves from « non vue » to « vue » with it. Answers whether it was the first.
 * (Minimal version for the signed link; the in-app opening writes through the same function.)
 */
export async function recordView(db: Db, invoiceId: string, at: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const first = await markViewed(tx, invoiceId, at);
    if (first) {
      await tx
        .update(invoices)
        .set({ recipientStatus: 'vue' })
        .where(and(eq(invoices.id, invoiceId), eq(invoices.recipientStatus, 'non_vue')));
    }
    return first;
  });
}
