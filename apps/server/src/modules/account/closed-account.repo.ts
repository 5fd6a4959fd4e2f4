import { and, desc, eq, gte, isNotNull } from 'drizzle-orm';
import { type UserRow, users } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';

/**
 * The closed account whose read-only archive this address opens, while its retention lasts (`today`,
 * Paris, included). Several closed accounts of one address (closed, registered again, closed again): the
 * latest closed.
 */
export async function findOpenArchive(
  db: DbOrTx,
  email: string,
  today: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.archiveEmail, email), isNotNull(users.deletedAt), gte(users.retentionUntil, today)))
    .orderBy(desc(users.deletedAt))
    .limit(1);
  return row;
}

/** Whether a closed account's row still opens its read-only archive on `today`. */
export const archiveOpen = (user: UserRow, today: string): boolean =>
  user.deletedAt !== null &&
  user.passwordHash !== null &&
  user.archiveEmail !== null &&
  user.retentionUntil !== null &&
  user.retentionUntil >= today;
