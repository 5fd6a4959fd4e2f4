import { siretTakenMessage } from '@facturo/shared';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { type UserRow, users } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { isUniqueViolationOf } from '../../lib/db-errors.js';
import { AppError } from '../../lib/errors.js';

/**
 * One company, one account (DESIGN §5): a SIRET belongs to one open account. Checked before every write
 * that gives an account a SIRET, and enforced by this partial unique index (open, unflagged accounts), which
 * settles two simultaneous writes the check let through.
 */
export const ACTIVE_SIRET_INDEX = 'users_active_siret_key';

export const siretTaken = (supportEmail: string) =>
  new AppError(409, 'siret_taken', siretTakenMessage(supportEmail));

/**
 * An open account with this SIRET, other than `exceptUserId`: with `holderOnly`, only the one that holds it
 * (unflagged, the one flows reach); else any, flagged ones included, since they claim it too.
 */
export async function findSiretHolder(
  db: DbOrTx,
  siret: string,
  { exceptUserId, holderOnly = false }: { exceptUserId?: string; holderOnly?: boolean } = {},
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.siret, siret),
        isNull(users.deletedAt),
        holderOnly ? eq(users.siretDuplicate, false) : undefined,
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  return row;
}

/** Runs a write; the index refusing a SIRET that a simultaneous write just took answers the same 409. */
export async function refusingTakenSiret<T>(supportEmail: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolationOf(error, ACTIVE_SIRET_INDEX)) throw siretTaken(supportEmail);
    throw error;
  }
}

/**
 * What saving `siret` on this account does to its ownership. A new SIRET that another open account has
 * (flagged or not) is refused. A flagged account whose SIRET no unflagged open account holds any more,
 * saved again or changed, gets it back: its flag is cleared. Its own SIRET saved again while the holder is
 * still open changes nothing (a profile saved whole keeps it, still flagged).
 */
export async function siretOwnershipChanges(
  tx: DbOrTx,
  user: UserRow,
  siret: string,
  supportEmail: string,
): Promise<Partial<Pick<UserRow, 'siretDuplicate'>>> {
  const kept = siret === user.siret;
  if (!kept && (await findSiretHolder(tx, siret, { exceptUserId: user.id }))) throw siretTaken(supportEmail);
  if (!user.siretDuplicate) return {};
  if (kept && (await findSiretHolder(tx, siret, { exceptUserId: user.id, holderOnly: true }))) return {};
  return { siretDuplicate: false };
}
