import type { JournalVerification } from '@facturo/shared';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { type JournalEntryRow, journalEntries } from '../../db/schema.js';
import type { TestApp } from '../../test/harness.js';

/** Test helpers of the journal (issue 18). */

/** The issuer's chain as stored, in order. */
export async function entriesOf(t: TestApp, issuerId: string): Promise<JournalEntryRow[]> {
  return t.database.db
    .select()
    .from(journalEntries)
    .where(eq(journalEntries.issuerId, issuerId))
    .orderBy(asc(journalEntries.seq));
}

/** Kind, and the status move of `statut` entries: what a reader of the chain would see. */
export const summaryOf = (row: JournalEntryRow): string => {
  const details = (JSON.parse(row.content) as { details: Record<string, unknown> }).details;
  if (row.kind === 'statut') return `statut ${details.cote} ${details.de}→${details.vers}`;
  return row.kind;
};

export async function verificationOf(t: TestApp, token: string): Promise<JournalVerification> {
  const res = await t.request({ method: 'GET', url: '/api/journal/verification', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<JournalVerification>();
}

/**
 * Runs `statements` as a superuser behind the application's back would: with the triggers off for this
 * transaction only (session_replication_role = replica), so the append-only triggers let them through.
 */
export async function tamper(t: TestApp, ...statements: string[]): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    await tx.execute('set local session_replication_role = replica');
    for (const statement of statements) await tx.execute(statement);
  });
}
