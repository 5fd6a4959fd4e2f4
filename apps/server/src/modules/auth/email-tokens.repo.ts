import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import { type EmailTokenPurpose, emailTokens } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { hashToken, newSecureToken } from '../../lib/secure-token.js';

export async function insertEmailToken(
  db: DbOrTx,
  values: { userId: string; purpose: EmailTokenPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailTokens).values(values);
}

export async function findEmailToken(db: DbOrTx, purpose: EmailTokenPurpose, tokenHash: string) {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)))
    .limit(1);
  return row;
}

/** Marks a token used only if nobody else did first: true when this caller won. */
export async function consumeEmailToken(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt)))
    .returning({ id: emailTokens.id });
  return rows.length === 1;
}

/** A new link supersedes the older ones of the same purpose. */
export async function invalidateUserTokens(
  db: DbOrTx,
  userId: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

export async function latestEmailToken(db: DbOrTx, userId: string, purpose: EmailTokenPurpose) {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose)))
    .orderBy(desc(emailTokens.createdAt))
    .limit(1);
  return row;
}

export async function purgeEmailTokens(db: DbOrTx, now: Date): Promise<void> {
  // Expired links are kept a month so that login can still say "your link expired".
  const monthAgo = new Date(now.getTime() - 30 * 86_400_000);
  await db
    .delete(emailTokens)
    .where(or(lt(emailTokens.expiresAt, monthAgo), lt(emailTokens.usedAt, monthAgo)));
}

/** A fresh single-use link for the user; older links of the same purpose stop working. */
export async function issueEmailToken(
  db: DbOrTx,
  userId: string,
  purpose: EmailTokenPurpose,
  now: Date,
  ttlMs: number,
): Promise<string> {
  await invalidateUserTokens(db, userId, purpose, now);
  return addEmailToken(db, userId, purpose, now, ttlMs);
}

/** A fresh single-use link next to the user's earlier ones, which stay valid until used or expired. */
export async function addEmailToken(
  db: DbOrTx,
  userId: string,
  purpose: EmailTokenPurpose,
  now: Date,
  ttlMs: number,
): Promise<string> {
  const token = newSecureToken();
  await insertEmailToken(db, {
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return token;
}
