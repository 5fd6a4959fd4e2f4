import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signedInUser } from '../../test/factories.js';
import { startReplicas, type TestApp } from '../../test/harness.js';
import { markInvoiceSent } from '../../test/invoice-requests.js';
import { appendJournal } from './journal-append.js';
import { chainHash } from './journal-hash.js';
import { readHead } from './journal-head.js';
import { sealEndedPeriods } from './journal-seal.js';
import { entriesOf, verificationOf } from './journal-test-kit.js';
import { verifyJournal } from './journal-verification.js';

/*
 * One issuer's appends racing on two replicas (issue 18): creations (batched into one numbering statement
 * per replica, each with its journal rows), sendings and first downloads. The trigger's per-issuer lock
 * keeps the chain continuous. PostgreSQL only: PGlite runs one transaction at a time.
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

describe('concurrent appends of one issuer', () => {
  it('give one continuous, valid chain', async () => {
    const issuer = await signedInUser(t);
    const client = await createClient(t, issuer.token);
    const apps = Array.from({ length: 24 }, (_, i) => (i % 2 === 0 ? t : replica));
    const created = await Promise.all(
      apps.map(async (app) => {
        const res = await app.request({
          method: 'POST',
          url: '/api/factures',
          token: issuer.token,
          body: {
            client: client._id,
            delaiPaiement: 30,
            lignes: [{ description: 'Conseil', quantite: 1, prixUnitaire: 100 }],
          },
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json<{ _id: string; numero: string }>();
      }),
    );
    await Promise.all(
      created.map(async (invoice, i) => {
        const app = apps[(i + 1) % apps.length] ?? t;
        expect((await markInvoiceSent(app, issuer.token, invoice._id)).statusCode).toBe(200);
        const pdf = await app.request({
          method: 'GET',
          url: `/api/factures/${invoice._id}/pdf`,
          token: issuer.token,
        });
        expect(pdf.statusCode).toBe(200);
      }),
    );

    const rows = await entriesOf(t, issuer.user._id);
    // A number, a status change and an issue per invoice.
    expect(rows).toHaveLength(created.length * 3);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    for (const [i, row] of rows.entries()) {
      expect(row.hash).toBe(chainHash(row.previousHash, row.content));
      if (i > 0) expect(row.previousHash).toBe(rows[i - 1]?.hash);
    }
    // The head moved with every append, batched statements included: it names the last entry.
    expect(await readHead(t.database.db, issuer.user._id)).toEqual({
      seq: rows.length,
      hash: rows.at(-1)?.hash,
    });
    const numbered = rows.filter((r) => r.kind === 'numero_attribue').map((r) => r.numero);
    expect(new Set(numbered)).toEqual(new Set(created.map((invoice) => invoice.numero)));
    expect(await verificationOf(replica, issuer.token)).toMatchObject({
      valide: true,
      evenements: rows.length,
    });
  });
});

describe('the nightly seal run by two replicas at once', () => {
  it("writes each day's and month's seal once, chained after the period it seals", async () => {
    const issuerId = randomUUID();
    // Months no other test writes in: the run seals every issuer, and only this one has entries then.
    for (const instant of [
      '2019-11-04T09:00Z',
      '2019-11-28T09:00Z',
      '2019-12-10T09:00Z',
      '2019-12-31T23:30Z',
    ]) {
      await appendJournal(t.database.db, { issuerId, kind: 'relance', at: new Date(instant) });
    }
    const clock = { now: () => new Date('2020-01-15T09:00:00+01:00') };
    await Promise.all([
      sealEndedPeriods(t.database.db, clock),
      sealEndedPeriods(replica.database.db, clock),
      sealEndedPeriods(t.database.db, clock),
    ]);
    const rows = await entriesOf(t, issuerId);
    // 2019-12-31 23:30 UTC is already 2020-01-01 in Paris: that day has ended, January has not.
    expect(rows.map((r) => [r.kind, r.period])).toEqual([
      ['relance', null],
      ['relance', null],
      ['relance', null],
      ['relance', null],
      ['cloture_quotidienne', '2019-11-04'],
      ['cloture_quotidienne', '2019-11-28'],
      ['cloture_quotidienne', '2019-12-10'],
      ['cloture_quotidienne', '2020-01-01'],
      ['cloture_mensuelle', '2019-11'],
      ['cloture_mensuelle', '2019-12'],
    ]);
    const december = JSON.parse(rows[9]?.content ?? '{}') as { details: object };
    expect(december.details).toEqual({ dernierSeq: 3, dernierHash: rows[2]?.hash, evenements: 1 });
    expect(await verifyJournal(t.database.db, issuerId)).toMatchObject({ valide: true, evenements: 10 });
    // Skipped inserts (the seals the other runs had written) never moved the head.
    expect(await readHead(t.database.db, issuerId)).toEqual({ seq: 10, hash: rows[9]?.hash });
  });
});
