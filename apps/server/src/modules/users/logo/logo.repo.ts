import { eq, sql } from 'drizzle-orm';
import { type UserLogoRow, userLogos } from '../../../db/schema.js';
import type { DbOrTx } from '../../../db/types.js';

export type NewLogo = Omit<UserLogoRow, 'userId' | 'updatedAt'>;

/** One logo per user: a new one replaces the old. */
export async function saveLogo(db: DbOrTx, userId: string, logo: NewLogo): Promise<void> {
  await db
    .insert(userLogos)
    .values({ userId, ...logo })
    .onConflictDoUpdate({ target: userLogos.userId, set: { ...logo, updatedAt: sql`now()` } });
}

export async function findLogo(db: DbOrTx, userId: string): Promise<UserLogoRow | undefined> {
  const [row] = await db.select().from(userLogos).where(eq(userLogos.userId, userId)).limit(1);
  return row;
}

/** The stored size in bytes, or null without a logo: what the profile shows, without reading the image. */
export async function logoSize(db: DbOrTx, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ size: sql<number>`octet_length(${userLogos.bytes})`.mapWith(Number) })
    .from(userLogos)
    .where(eq(userLogos.userId, userId))
    .limit(1);
  return row ? row.size : null;
}

export async function deleteLogo(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(userLogos).where(eq(userLogos.userId, userId));
}
