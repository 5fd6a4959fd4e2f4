import type { User } from '@facturo/shared';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw-rows.js';
import { issuerCounts, users } from '../../db/schema.js';
import { clientWithInvoice, createClient, signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { logLines } from '../../test/log-lines.js';
import { checkIssuerCounts, repairIssuerCounts, storedInvoiceCount } from './issuer-counts.js';

/**
 * The issuers' invoice counters (migration 0025's triggers): what /users/me and the admin read instead of a
 * count, kept by every write, and repaired by the nightly check when something went around them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function recount(issuerId: string): Promise<number> {
  const [row] = rowsOf(
    await t.database.db.execute(
      sql`select count(*)::int as n from invoices where issuer_id = ${issuerId}::uuid`,
    ),
  );
  return Number(row?.n);
}

async function profileCount(token: string): Promise<number> {
  const res = await t.request({ method: 'GET', url: '/api/users/me', token });
  expect(res.statusCode).toBe(200);
  return res.json<User>().factureCount;
}

/** `copies` copies of an invoice in one INSERT … SELECT, as a bulk load writes them (the bench's seeding). */
async function copyInvoice(invoiceId: string, copies: number): Promise<void> {
  const columns = rowsOf(
    await t.database.db.execute(sql`select column_name from information_schema.columns
      where table_name = 'invoices' and column_name not in ('id', 'numero') order by ordinal_position`),
  ).map((row) => `"${String(row.column_name)}"`);
  const list = sql.raw(columns.join(', '));
  await t.database.db.execute(sql`insert into invoices (id, numero, ${list})
    select gen_random_uuid(), i.numero || '-' || g, ${list}
    from invoices i, generate_series(1, ${copies}) g where i.id = ${invoiceId}::uuid`);
}

describe('issuer counters', () => {
  it('count every invoice an issuer writes, one by one or in bulk, and each removed one, for that issuer alone', async () => {
    const pro = await signedInUser(t);
    const other = await signedInUser(t);
    expect(await profileCount(pro.token)).toBe(0);

    const { invoice } = await clientWithInvoice(t, pro.token);
    await clientWithInvoice(t, pro.token);
    await clientWithInvoice(t, other.token);
    expect(await profileCount(pro.token)).toBe(2);

    await copyInvoice(invoice._id, 40);
    expect(await profileCount(pro.token)).toBe(42);
    expect(await storedInvoiceCount(t.database.db, pro.user._id)).toBe(await recount(pro.user._id));

    await t.database.db.execute(
      sql`delete from invoices where issuer_id = ${pro.user._id}::uuid and numero like ${`${invoice.numero}-%`} and
        numero <> ${`${invoice.numero}-1`}`,
    );
    expect(await profileCount(pro.token)).toBe(3);
    expect(await profileCount(other.token)).toBe(1);
    expect(await recount(pro.user._id)).toBe(3);
  });

  it('follow an erasure, whose invoices go before the user, and leave no counter behind the user', async () => {
    const pro = await signedInUser(t);
    await clientWithInvoice(t, pro.token);
    await t.database.db.execute(sql`delete from invoices where issuer_id = ${pro.user._id}::uuid`);
    expect(await storedInvoiceCount(t.database.db, pro.user._id)).toBe(0);
    await t.database.db.delete(users).where(eq(users.id, pro.user._id));
    const rows = await t.database.db
      .select()
      .from(issuerCounts)
      .where(eq(issuerCounts.issuerId, pro.user._id));
    expect(rows).toEqual([]);
  });

  it('are recounted by the nightly check, which repairs and logs each drift once, then finds none', async () => {
    const inflated = await signedInUser(t);
    const lost = await signedInUser(t);
    const right = await signedInUser(t);
    for (const pro of [inflated, lost, right]) await clientWithInvoice(t, pro.token);
    await createClient(t, right.token);
    // What a trigger turned off by hand, or a row written around it, would leave.
    await t.database.db
      .update(issuerCounts)
      .set({ invoices: 999 })
      .where(eq(issuerCounts.issuerId, inflated.user._id));
    await t.database.db.delete(issuerCounts).where(eq(issuerCounts.issuerId, lost.user._id));
    expect(await profileCount(inflated.token)).toBe(999);
    expect(await profileCount(lost.token)).toBe(0);

    let output = '';
    const log = pino({ level: 'info' }, { write: (line: string) => (output += line) });
    const mine = (issuerId: string) => [inflated, lost, right].some((pro) => pro.user._id === issuerId);
    const repairs = (await checkIssuerCounts(t.database.db, log)).filter((drift) => mine(drift.issuerId));
    expect(repairs).toEqual(
      expect.arrayContaining([
        { issuerId: inflated.user._id, stored: 999, actual: 1 },
        { issuerId: lost.user._id, stored: 0, actual: 1 },
      ]),
    );
    expect(repairs).toHaveLength(2);
    const warned = logLines(output, 'Compteur de factures réparé : il ne correspondait pas au recomptage');
    expect(
      warned.filter((line) => mine(String((line as unknown as { issuerId: string }).issuerId))),
    ).toHaveLength(2);

    for (const pro of [inflated, lost, right]) expect(await profileCount(pro.token)).toBe(1);
    const again = (await repairIssuerCounts(t.database.db)).filter((drift) => mine(drift.issuerId));
    expect(again).toEqual([]);
  });
});
