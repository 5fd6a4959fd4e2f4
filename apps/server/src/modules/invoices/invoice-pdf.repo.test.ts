import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientWithInvoice, createClient, signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { markInvoiceSent } from '../../test/invoice-requests.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const download = (token: string, id: string) =>
  t.request({ method: 'GET', url: `/api/factures/${id}/pdf`, token });

describe('GET /factures/{id}/pdf in one read (issue 16)', () => {
  it('serves a draft afresh and, once sent, its stored original, to its issuer and its recipient only', async () => {
    const issuer = await signedInUser(t);
    const recipient = await signedInUser(t, { role: 'particulier', siret: null });
    const client = await createClient(t, issuer.token, { email: recipient.user.email, type: 'particulier' });
    const created = await t.request({
      method: 'POST',
      url: '/api/factures',
      token: issuer.token,
      body: {
        client: client._id,
        delaiPaiement: 30,
        lignes: [{ description: 'Conseil', quantite: 1, prixUnitaire: 80 }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const invoiceId = created.json<{ _id: string }>()._id;

    const draft = await download(issuer.token, invoiceId);
    expect(draft.statusCode).toBe(200);
    expect(draft.headers.etag).toBeUndefined();
    expect(draft.headers['cache-control']).toBe('private, no-store');

    const sent = await t.request({
      method: 'POST',
      url: `/api/factures/${invoiceId}/send-internal`,
      token: issuer.token,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [byIssuer, byRecipient] = [
      await download(issuer.token, invoiceId),
      await download(recipient.token, invoiceId),
    ];
    expect(byIssuer.statusCode).toBe(200);
    expect(byIssuer.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(byRecipient.statusCode).toBe(200);
    expect(byRecipient.headers.etag).toBe(byIssuer.headers.etag);
    expect(Buffer.compare(byRecipient.rawPayload, byIssuer.rawPayload)).toBe(0);
    const revalidated = await t.request({
      method: 'GET',
      url: `/api/factures/${invoiceId}/pdf`,
      token: recipient.token,
      headers: { 'if-none-match': String(byIssuer.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);

    const stranger = await signedInUser(t);
    expect((await download(stranger.token, invoiceId)).statusCode).toBe(404);
  });

  it('answers 404 to an unknown or malformed id', async () => {
    const issuer = await signedInUser(t);
    const { invoice } = await clientWithInvoice(t, issuer.token);
    expect((await markInvoiceSent(t, issuer.token, invoice._id)).statusCode).toBe(200);
    expect((await download(issuer.token, invoice._id)).statusCode).toBe(200);
    expect((await download(issuer.token, randomUUID())).statusCode).toBe(404);
    expect((await download(issuer.token, 'pas-un-id')).statusCode).toBe(404);
  });
});
