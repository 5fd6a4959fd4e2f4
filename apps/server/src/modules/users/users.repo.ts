import { eq, inArray, sql } from 'drizzle-orm';
import { type SubscriptionRow, subscriptions, type UserRow, users } from '../../db/schema.js';
import type { Db, DbOrTx } from '../../db/types.js';

export type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

function sessionUserQuery(db: Db) {
  return db
    .select({
      user: users,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('session_user');
}

/**
 * Every signed-in request reads its user (plugins/authenticate.ts): prepared once per database handle,
 * drizzle builds the SQL text once and PostgreSQL parses and plans it once per connection, instead of
 * both on every request (issue 16).
 */
const preparedSessionUser = new WeakMap<Db, ReturnType<typeof sessionUserQuery>>();

/** The paid period that refreshPlan checks (modules/subscription/plan-state.ts); none without a subscription. */
export type SessionSubscription = Pick<SubscriptionRow, 'currentPeriodEnd' | 'cancelAtPeriodEnd'> | undefined;

/**
 * findUserById for the session check, outside any transaction, with the user's paid period in the same
 * read: a paid plan's requests need no second query to know whether it has ended.
 */
export async function findSessionUser(
  db: Db,
  id: string,
): Promise<{ user: UserRow; subscription: SessionSubscription } | undefined> {
  let query = preparedSessionUser.get(db);
  if (!query) {
    query = sessionUserQuery(db);
    preparedSessionUser.set(db, query);
  }
  const [row] = await query.execute({ id });
  if (!row) return undefined;
  const { user, currentPeriodEnd, cancelAtPeriodEnd } = row;
  const subscription =
    currentPeriodEnd !== null && cancelAtPeriodEnd !== null
      ? { currentPeriodEnd, cancelAtPeriodEnd }
      : undefined;
  return { user, subscription };
}

/**
 * The user row, locked for the rest of the transaction: rules that read several fields of the profile
 * (modules/users/vat-profile.ts) see it as it is, and two simultaneous changes apply one after the other.
 */
export async function lockUser(tx: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update').limit(1);
  return row;
}

/** Returns undefined when the e-mail is already taken (unique index), so the caller can say so. */
export async function insertUser(db: DbOrTx, values: NewUser): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

export async function updateUser(
  db: DbOrTx,
  id: string,
  values: Partial<Omit<NewUser, 'id' | 'createdAt'>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Revokes every session of the user in the same statement that changes the password. */
export async function setPassword(db: DbOrTx, id: string, passwordHash: string, verifiedAt: Date) {
  await db
    .update(users)
    .set({
      passwordHash,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${verifiedAt})`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id));
}

/**
 * The accounts of ADMIN_EMAIL are the admins, and only they: at every start each listed account is
 * flagged and every other loses the flag (an address taken out of the list is no admin any more, its
 * sessions get 403 on /api/admin). A listed address that registers later is flagged then (auth.service).
 */
export async function syncAdmins(db: DbOrTx, emails: readonly string[]): Promise<void> {
  const listed = emails.length === 0 ? sql`false` : inArray(users.email, [...emails]);
  await db
    .update(users)
    .set({ isAdmin: sql`${listed}` })
    .where(sql`${users.isAdmin} is distinct from (${listed})`);
}
