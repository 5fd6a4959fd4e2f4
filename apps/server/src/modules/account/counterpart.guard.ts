import { COUNTERPART_MESSAGES, type CounterpartState, counterpartState } from '@facturo/shared';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { AppError } from '../../lib/errors.js';

/**
 * The state of the other party's account (shared counterpart.ts). No account at all (an invoice to a
 * client who has none, a recipient row set null) is `actif`: the document goes by e-mail as before.
 */
export async function counterpartStateOf(db: DbOrTx, userId: string | null): Promise<CounterpartState> {
  if (!userId) return 'actif';
  const [row] = await db
    .select({ deletedAt: users.deletedAt, isBanned: users.isBanned })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ? counterpartState(row) : 'actif';
}

/**
 * Refuses, with 409, what would be sent to a closed or suspended account: a message, a declared
 * payment, an invoice on Facturo. Called inside the transaction of the write it guards.
 */
export async function assertCounterpartReachable(db: DbOrTx, userId: string | null): Promise<void> {
  const state = await counterpartStateOf(db, userId);
  if (state === 'cloture') throw new AppError(409, 'counterpart_closed', COUNTERPART_MESSAGES.closed);
  if (state === 'suspendu') throw new AppError(409, 'counterpart_suspended', COUNTERPART_MESSAGES.suspended);
}
