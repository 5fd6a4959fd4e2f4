import type { Client, Invoice } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parisDate } from '../../lib/paris-date.js';
import { clientBody, signedInUser } from '../../test/factories.js';
import { startReplicas, type TestApp } from '../../test/harness.js';
import { creditInvoice, markInvoiceSent } from '../../test/invoice-requests.js';

/*
 * Races on invoice numbers (DESIGN §5: continuous, no gap, no duplicate, even under concurrent creation;
 * a number once given is never given again, a deleted invoice being cancelled, not removed).
 * PostgreSQL only (vitest.config.ts): PGlite runs one transaction at a time, where no race can happen.
 */

let t: TestApp;
/** A second replica on the same database, with its own pool: one session token signs in on both. */
let replica: TestApp;
beforeAll(async () => {
  [t, replica] = await startReplicas();
});
afterAll(async () => {
  await replica?.close();
  await t?.close();
});

const year = () => parisDate(new Date()).slice(0, 4);

async function newClient(token: string): Promise<Client> {
  const res = await t.request({
    method: 'POST',
    url: '/api/clients',
    token,
    body: clientBody(),
  });
  expect(res.statusCode).toBe(201);
  return res.json<Client>();
}

function createInvoice(token: string, clientId: string, on: TestApp = t) {
  return on.request({
    method: 'POST',
    url: '/api/factures',
    token,
    body: {
      client: clientId,
      delaiPaiement: 30,
      lignes: [{ description: 'Conseil', quantite: 3, prixUnitaire: 33.33 }],
      tauxTVA: 0,
    },
  });
}

describe('numbering under concurrent creation', () => {
  it('gives 50 simultaneous invoices 50 consecutive numbers', async () => {
    const issuer = await signedInUser(t);
    const client = await newClient(issuer.token);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => createInvoice(issuer.token, client._id)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const numbers = results.map((r) => r.json<Invoice>().numero).sort();
    expect(numbers).toEqual(
      Array.from({ length: 50 }, (_, i) => `FAC-${year()}-${String(i + 1).padStart(4, '0')}`),
    );
  });
});

describe('numbering while invoices are cancelled', () => {
  it('keeps one series without gap or duplicate when creations and deletions race on two replicas', async () => {
    const issuer = await signedInUser(t);
    const client = await newClient(issuer.token);
    const early = await Promise.all(
      Array.from({ length: 10 }, () => createInvoice(issuer.token, client._id)),
    );
    const cancelledIds = early.map((r) => r.json<Invoice>()._id);
    const cancelledNumbers = early.map((r) => r.json<Invoice>().numero).sort();
    // Each deletion once cancelled the latest invoice by removing it and lowering the counter, which a
    // creation racing it could take twice; now deletions never touch the counter.
    const results = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => createInvoice(issuer.token, client._id, i % 2 ? replica : t)),
      ...cancelledIds.map((id, i) =>
        (i % 2 ? replica : t).request({ method: 'DELETE', url: `/api/factures/${id}`, token: issuer.token }),
      ),
    ]);
    expect(results.slice(0, 30).map((r) => r.statusCode)).toEqual(Array(30).fill(201));
    expect(results.slice(30).map((r) => r.statusCode)).toEqual(Array(10).fill(204));

    const list = async (query: string) =>
      (await t.request({ method: 'GET', url: `/api/factures${query}`, token: issuer.token })).json<
        Invoice[]
      >();
    const [live, cancelled] = [await list(''), await list('?status=annulee')];
    expect(cancelled.map((i) => i.numero).sort()).toEqual(cancelledNumbers);
    expect(cancelled.every((i) => i.statutEmetteur === 'annulee')).toBe(true);
    const register = [...live, ...cancelled].map((i) => i.numero).sort();
    expect(register).toEqual(
      Array.from({ length: 40 }, (_, i) => `FAC-${year()}-${String(i + 1).padStart(4, '0')}`),
    );
    const next = await replica.request({
      method: 'GET',
      url: '/api/factures/info-numerotation',
      token: issuer.token,
    });
    expect(next.json().prochainNumero).toBe(`FAC-${year()}-0041`);
  });
});

describe('credit notes under concurrency (issue 15)', () => {
  const markSent = (token: string, id: string) => markInvoiceSent(t, token, id);

  it('numbers the AV series without gap or duplicate while invoices are created on two replicas', async () => {
    const issuer = await signedInUser(t);
    const client = await newClient(issuer.token);
    const invoices = await Promise.all(
      Array.from({ length: 20 }, () => createInvoice(issuer.token, client._id)),
    );
    const ids = invoices.map((r) => r.json<Invoice>()._id);
    for (const id of ids) expect((await markSent(issuer.token, id)).statusCode).toBe(200);
    const results = await Promise.all([
      ...ids.map((id, i) =>
        creditInvoice(i % 2 ? replica : t, issuer.token, id, { motif: 'Erreur de facturation' }),
      ),
      ...Array.from({ length: 20 }, (_, i) => createInvoice(issuer.token, client._id, i % 2 ? t : replica)),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(Array(40).fill(201));
    const series = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, i) => `${prefix}-${year()}-${String(i + 1).padStart(4, '0')}`);
    const numbers = (from: number, to: number) =>
      results
        .slice(from, to)
        .map((r) => r.json<Invoice>().numero)
        .sort();
    expect(numbers(0, 20)).toEqual(series('AV', 20));
    expect([...invoices.map((r) => r.json<Invoice>().numero), ...numbers(20, 40)].sort()).toEqual(
      series('FAC', 40),
    );
  });

  it('never lets concurrent credit notes of one invoice exceed it', async () => {
    const issuer = await signedInUser(t);
    const client = await newClient(issuer.token);
    // 99,99 € TTC (franchise): five credits of 40 € race, two fit.
    const invoice = (await createInvoice(issuer.token, client._id)).json<Invoice>();
    expect((await markSent(issuer.token, invoice._id)).statusCode).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        creditInvoice(i % 2 ? replica : t, issuer.token, invoice._id, {
          motif: 'Remise',
          lignes: [{ description: 'Remise', quantite: 1, prixUnitaire: 40 }],
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    const credited = await t.request({
      method: 'GET',
      url: `/api/factures/${invoice._id}`,
      token: issuer.token,
    });
    expect(credited.json<Invoice>().montantCredite).toBe(80);
    expect(credited.json<Invoice>().avoirs.map((a) => a.numero)).toEqual([
      `AV-${year()}-0001`,
      `AV-${year()}-0002`,
    ]);
  });
});
