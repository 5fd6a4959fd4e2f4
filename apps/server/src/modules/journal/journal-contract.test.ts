import { randomUUID } from 'node:crypto';
import { JOURNAL_GENESIS_HASH } from '@facturo/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries } from '../../db/schema.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { appendJournal, journalContent } from './journal-append.js';
import { chainHash } from './journal-hash.js';

describe('journal contract: the trigger chains, the JS twin agrees, the table is append-only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('numbers, chains and refuses changes', async () => {
    const issuerId = randomUUID();
    const at = new Date('2026-03-01T10:00:00Z');
    await t.database.db.transaction(async (tx) => {
      await appendJournal(tx, { issuerId, kind: 'numero_attribue', at, details: { a: 'é' } });
      await appendJournal(tx, { issuerId, kind: 'emission', at, pdfSha256: 'ab'.repeat(32) });
    });
    const rows = await t.database.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.issuerId, issuerId))
      .orderBy(asc(journalEntries.seq));
    expect(rows.map((r) => r.seq)).toEqual([1, 2]);
    expect(rows[0]?.previousHash).toBe(JOURNAL_GENESIS_HASH);
    expect(rows[0]?.hash).toBe(chainHash(JOURNAL_GENESIS_HASH, rows[0]?.content ?? ''));
    expect(rows[1]?.hash).toBe(chainHash(rows[0]?.hash ?? '', rows[1]?.content ?? ''));
    expect(rows[0]?.content).toBe(
      journalContent({ issuerId, kind: 'numero_attribue', at, details: { a: 'é' } }),
    );
    await expect(
      t.database.db.execute(sql`update journal_entries set content = 'x' where issuer_id = ${issuerId}`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`delete from journal_entries where issuer_id = ${issuerId}`),
    ).rejects.toThrow();
  });
});
