import { ADMIN_MESSAGES } from '@facturo/shared';
import type { UserRow } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { findUserById, lockUser } from '../users/users.repo.js';

const userNotFound = () => notFound(ADMIN_MESSAGES.userNotFound);

/** The user an admin looks at, closed accounts included (their details stay readable); 404 otherwise. */
export async function findTarget(db: DbOrTx, id: string): Promise<UserRow> {
  const user = isUuid(id) ? await findUserById(db, id) : undefined;
  if (!user) throw userNotFound();
  return user;
}

/**
 * The user an admin acts on, locked for the action's transaction (two admins' changes apply one after
 * the other, each audited with what it really found). A closed account takes no more actions.
 */
export async function lockTarget(tx: DbOrTx, id: string): Promise<UserRow> {
  const user = isUuid(id) ? await lockUser(tx, id) : undefined;
  if (!user) throw userNotFound();
  if (user.deletedAt)
    throw new AppError(409, 'conflict', 'Ce compte est fermé : il ne peut plus être modifié.');
  return user;
}
