import { eq } from 'drizzle-orm';
import { users } from '../../apps/server/src/db/schema.js';
import type { Db } from '../../apps/server/src/db/types.js';
import { UNMATCHED_REASONS } from '../../apps/server/src/modules/einvoicing/lifecycle/match-received-status.js';
import { keepUnmatchedStatus } from '../../apps/server/src/modules/einvoicing/lifecycle/unmatched-statuses.repo.js';
import { SEEDED } from './env.js';

/** What the admin journey reads in « Statuts reçus non rattachés » (a forged 210 no invoice matched). */
export const SEEDED_UNMATCHED_STATUS = {
  numero: 'FAC-2026-0042',
  flowId: 'flux-e2e-non-rattache',
  reason: UNMATCHED_REASONS.notSent,
} as const;

/** A status kept aside for the free-plan professional, as the platform sync keeps one. */
export async function seedUnmatchedStatus(db: Db): Promise<void> {
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, SEEDED.gratuit.email));
  if (!account) throw new Error(`${SEEDED.gratuit.email} absent de la base`);
  await keepUnmatchedStatus(db, {
    userId: account.id,
    flowId: SEEDED_UNMATCHED_STATUS.flowId,
    statusCode: 210,
    invoiceNumero: SEEDED_UNMATCHED_STATUS.numero,
    sellerSiren: '555666777',
    buyerSiren: '111222333',
    reason: SEEDED_UNMATCHED_STATUS.reason,
    content: null,
    receivedAt: new Date(),
  });
}
