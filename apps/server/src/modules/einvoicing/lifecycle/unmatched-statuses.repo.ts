import { count, desc, eq, sql } from 'drizzle-orm';
import { unmatchedPlatformStatuses, users } from '../../../db/schema.js';
import type { DbOrTx } from '../../../db/types.js';
import { instantKey } from '../../../lib/keyset-page.js';

export type UnmatchedStatusRow = typeof unmatchedPlatformStatuses.$inferSelect;

export interface UnmatchedStatus {
  userId: string;
  /** The platform's id of the flow that carried it: a webhook and a poll keep it once. */
  flowId: string;
  statusCode: number | null;
  invoiceNumero: string | null;
  sellerSiren: string | null;
  buyerSiren: string | null;
  /** Why it was applied to nothing, in French, for the admin. */
  reason: string;
  content: Buffer | null;
  receivedAt: Date;
}

/** Keeps aside a received status that matched nothing of the account (once per account and flow). */
export async function keepUnmatchedStatus(db: DbOrTx, status: UnmatchedStatus): Promise<void> {
  await db
    .insert(unmatchedPlatformStatuses)
    .values(status)
    .onConflictDoNothing({ target: [unmatchedPlatformStatuses.userId, unmatchedPlatformStatuses.flowId] });
}

/** A row of the admin's log with the account it reached, and its sort key (received_at, id) as SQL wrote it. */
export interface UnmatchedStatusEntry {
  status: UnmatchedStatusRow;
  account: { id: string; email: string; nom: string; prenom: string } | null;
  key: readonly [string, string];
}

/** One page of the admin's log, newest first: `limit` rows after the sort key `after`. */
export async function unmatchedStatusPage(
  db: DbOrTx,
  after: readonly [string, string] | null,
  limit: number,
): Promise<UnmatchedStatusEntry[]> {
  const rows = await db
    .select({
      status: unmatchedPlatformStatuses,
      instant: instantKey(unmatchedPlatformStatuses.receivedAt).mapWith(String),
      accountId: users.id,
      email: users.email,
      nom: users.nom,
      prenom: users.prenom,
    })
    .from(unmatchedPlatformStatuses)
    .leftJoin(users, eq(users.id, unmatchedPlatformStatuses.userId))
    .where(
      after
        ? sql`(${unmatchedPlatformStatuses.receivedAt}, ${unmatchedPlatformStatuses.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`
        : undefined,
    )
    .orderBy(desc(unmatchedPlatformStatuses.receivedAt), desc(unmatchedPlatformStatuses.id))
    .limit(limit);
  return rows.map((row) => ({
    status: row.status,
    account:
      row.accountId && row.email !== null
        ? { id: row.accountId, email: row.email, nom: row.nom ?? '', prenom: row.prenom ?? '' }
        : null,
    key: [row.instant, row.status.id] as const,
  }));
}

export async function countUnmatchedStatuses(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(unmatchedPlatformStatuses);
  return row?.n ?? 0;
}
