import { and, desc, eq } from 'drizzle-orm';
import { type PlatformFlowRow, platformFlows } from '../../../db/schema.js';
import type { DbOrTx } from '../../../db/types.js';

/** The invoice's own submission to the platform (the Factur-X), the latest when it was sent again. */
export async function findInvoiceSubmission(
  db: DbOrTx,
  userId: string,
  invoiceId: string,
): Promise<PlatformFlowRow | undefined> {
  const [row] = await db
    .select()
    .from(platformFlows)
    .where(
      and(
        eq(platformFlows.userId, userId),
        eq(platformFlows.invoiceId, invoiceId),
        eq(platformFlows.direction, 'sortant'),
        eq(platformFlows.kind, 'facture'),
      ),
    )
    .orderBy(desc(platformFlows.createdAt))
    .limit(1);
  return row;
}
