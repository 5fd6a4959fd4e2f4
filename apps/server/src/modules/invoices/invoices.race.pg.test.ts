import type { Client, Invoice } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parisDate } from '../../lib/paris-date.js';
import { clientBody, signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';

/*
 * Races on invoice numbers (DESIGN §5: continuous, no gap, no duplicate, even under concurrent creation).
 * PostgreSQL only (vitest.config.ts): PGlite runs one transaction at a time, where no race can happen.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

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

function createInvoice(token: string, clientId: string) {
  return t.request({
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
