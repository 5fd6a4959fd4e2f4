import { formatInvoiceNumber, type Invoice } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceCounters } from '../../db/schema.js';
import { parisDate } from '../../lib/paris-date.js';
import { createClient, signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const create = (token: string, client: string) =>
  t.request({
    method: 'POST',
    url: '/api/factures',
    token,
    body: { client, delaiPaiement: 30, lignes: [{ description: 'Conseil', quantite: 1, prixUnitaire: 10 }] },
  });

describe('an invoice’s creation in one statement (issue 16)', () => {
  it('writes the number as formatInvoiceNumber does, past 9999 too, and answers the whole invoice', async () => {
    const issuer = await signedInUser(t);
    const client = await createClient(t, issuer.token);
    const year = Number(parisDate(new Date()).slice(0, 4));
    await t.database.db
      .insert(invoiceCounters)
      .values({ issuerId: issuer.user._id, series: 'FAC', year, lastNumber: 9998 });
    const numbers: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await create(issuer.token, client._id);
      expect(res.statusCode, res.body).toBe(201);
      const invoice = res.json<Invoice>();
      numbers.push(invoice.numero);
      // What the creation answers is what a read answers: nothing is missing without the re-read.
      const read = await t.request({
        method: 'GET',
        url: `/api/factures/${invoice._id}`,
        token: issuer.token,
      });
      expect(read.json()).toEqual(invoice);
    }
    expect(numbers).toEqual([formatInvoiceNumber(year, 9999), formatInvoiceNumber(year, 10_000)]);
  });

  it('takes no number when the client is not the issuer’s', async () => {
    const issuer = await signedInUser(t);
    const other = await signedInUser(t);
    const theirs = await createClient(t, other.token);
    const refused = await create(issuer.token, theirs._id);
    expect(refused.statusCode).toBe(404);
    const mine = await createClient(t, issuer.token);
    const res = await create(issuer.token, mine._id);
    expect(res.json<Invoice>().numero).toMatch(/-0001$/);
  });
});
