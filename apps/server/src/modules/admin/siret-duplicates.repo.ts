import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type UserRow, users } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';

const holders = alias(users, 'holders');

export interface SiretDuplicateRow {
  account: UserRow;
  holder: UserRow | null;
}

/**
 * Open accounts flagged `siret_duplicate`, oldest first, each with the open unflagged account that holds
 * its SIRET (none once that one closed or changed SIRET: the flagged account may then get it back).
 */
export async function listSiretDuplicates(db: DbOrTx): Promise<SiretDuplicateRow[]> {
  const rows = await db
    .select({ account: users, holder: holders })
    .from(users)
    .leftJoin(
      holders,
      and(eq(holders.siret, users.siret), isNull(holders.deletedAt), eq(holders.siretDuplicate, false)),
    )
    .where(and(eq(users.siretDuplicate, true), isNull(users.deletedAt), isNotNull(users.siret)))
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows;
}
