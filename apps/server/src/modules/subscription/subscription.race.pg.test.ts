import type { Client, SubscriptionInfo } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientBody, signedInUser, uniqueEmail } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';

/*
 * The free plan's quotas under concurrent requests (DESIGN §6: counted inside the creating transaction).
 * PostgreSQL only (vitest.config.ts): PGlite runs one transaction at a time, where no race can happen.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const info = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/subscription/info', token })).json<SubscriptionInfo>();

function addClient(token: string) {
  return t.request({
    method: 'POST',
    url: '/api/clients',
    token,
    body: clientBody({ nom: 'Client', email: uniqueEmail('c') }),
  });
}

function addInvoice(token: string, clientId: string) {
  return t.request({
    method: 'POST',
    url: '/api/factures',
    token,
    body: { client: clientId, lignes: [{ description: 'Séance', quantite: 1, prixUnitaire: 50 }] },
  });
}

describe('free plan quotas under concurrent requests', () => {
  it('lets no race through the invoice limit', async () => {
    const { token } = await signedInUser(t, { plan: 'gratuit' });
    const created = await addClient(token);
    expect(created.statusCode).toBe(201);
    const client = created.json<Client>();
    const results = await Promise.all(Array.from({ length: 9 }, () => addInvoice(token, client._id)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 403)).toHaveLength(4);
    expect((await info(token)).facturesMensuel).toEqual({ utilise: 5, limite: 5 });
  });

  it('allows 10 clients and refuses the 11th, even when they arrive together', async () => {
    const { token } = await signedInUser(t, { plan: 'gratuit' });
    const results = await Promise.all(Array.from({ length: 13 }, () => addClient(token)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.statusCode === 403);
    expect(refused).toHaveLength(3);
    expect(refused[0]?.json()).toMatchObject({
      errorType: 'quota_exceeded',
      quota: { utilise: 10, limite: 10 },
    });
    expect((await info(token)).clients).toEqual({ restant: 0, utilise: 10, limite: 10 });
  });
});
