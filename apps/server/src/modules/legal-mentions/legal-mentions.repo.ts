import { eq, sql } from 'drizzle-orm';
import { type LegalMentionsRow, legalMentions } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';

export type LegalMentionsValues = Omit<typeof legalMentions.$inferInsert, 'userId' | 'updatedAt'>;

export async function findLegalMentions(db: DbOrTx, userId: string): Promise<LegalMentionsRow | undefined> {
  const [row] = await db.select().from(legalMentions).where(eq(legalMentions.userId, userId)).limit(1);
  return row;
}

export async function saveLegalMentions(db: DbOrTx, userId: string, values: LegalMentionsValues) {
  await db
    .insert(legalMentions)
    .values({ ...values, userId })
    .onConflictDoUpdate({ target: legalMentions.userId, set: { ...values, updatedAt: sql`now()` } });
}
