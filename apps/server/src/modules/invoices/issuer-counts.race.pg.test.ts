import type { User } from '@facturo/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw-rows.js';
import { createClient, signedInUser } from '../../test/factories.js';
import { startReplicas, type TestApp } from '../../test/harness.js';
import { createOneLineInvoice } from '../../test/invoice-requests.js';
import { repairIssuerCounts } from './issuer-counts.js';

/*
 * The issuers' counters under concurrent writes (PostgreSQL only: PGlite runs one transaction at a time).
 * Two replicas create one issuer's invoices side by side while the nightly check runs again and again: the
 * counter ends equal to a recount, and the check, whose scan reads counters and invoices in one snapshot,
 * never takes a creation in flight for a drift.
 */
let t: TestApp;
let replica: TestApp;
beforeAll(async () => {
  [t, replica] = await startReplicas();
});
afterAll(async () => {
  await replica?.close();
  await t?.close();
});

describe('issuer counters under concurrent creations', () => {
  it('end equal to the recount, with no drift seen by checks run meanwhile', async () => {
    const pro = await signedInUser(t);
    const second = await signedInUser(t);
    const client = await createClient(t, pro.token);
    const otherClient = await createClient(t, second.token);
    let creating = true;
    const drifts: string[] = [];
    const checks = (async () => {
      while (creating) {
        for (const drift of await repairIssuerCounts(t.database.db)) {
          if (drift.issuerId === pro.user._id || drift.issuerId === second.user._id)
            drifts.push(drift.issuerId);
        }
      }
    })();
    const created = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        i % 3 === 2
          ? createOneLineInvoice(replica, second.token, otherClient._id)
          : createOneLineInvoice(i % 2 === 0 ? t : replica, pro.token, client._id),
      ),
    );
    creating = false;
    await checks;
    expect(created.map((res) => res.statusCode)).toEqual(Array(24).fill(201));
    expect(drifts).toEqual([]);

    const [row] = rowsOf(
      await t.database.db.execute(
        sql`select count(*)::int as n from invoices where issuer_id = ${pro.user._id}::uuid`,
      ),
    );
    expect(Number(row?.n)).toBe(16);
    for (const [who, expected] of [
      [pro, 16],
      [second, 8],
    ] as const) {
      const me = await replica.request({ method: 'GET', url: '/api/users/me', token: who.token });
      expect(me.json<User>().factureCount).toBe(expected);
    }
  });
});
