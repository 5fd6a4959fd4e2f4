import { type Client, type Invoice, MESSAGES } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientBody, signedInUser, uniqueEmail } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';

/** Each refusal of an invoice action has its own code and its own French sentence. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const lines = [{ description: 'Conseil', quantite: 1, prixUnitaire: 100 }];

async function issuerWithClient(clientEmail = uniqueEmail('client')) {
  const issuer = await signedInUser(t);
  const res = await t.request({
    method: 'POST',
    url: '/api/clients',
    token: issuer.token,
    body: clientBody({ nom: 'Atelier', email: clientEmail }),
  });
  expect(res.statusCode).toBe(201);
  return { issuer, client: res.json<Client>() };
}

async function createInvoice(token: string, clientId: string): Promise<Invoice> {
  const res = await t.request({
    method: 'POST',
    url: '/api/factures',
    token,
    body: { client: clientId, lignes: lines },
  });
  expect(res.statusCode).toBe(201);
  return res.json<Invoice>();
}

describe('refusals on invoices', () => {
  it('says a cancelled invoice is already cancelled, on delete and on edit', async () => {
    const { issuer, client } = await issuerWithClient();
    const invoice = await createInvoice(issuer.token, client._id);
    const url = `/api/factures/${invoice._id}`;
    const first = await t.request({ method: 'DELETE', url, token: issuer.token });
    expect(first.statusCode).toBe(204);

    const again = await t.request({ method: 'DELETE', url, token: issuer.token });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errorType: 'invoice_cancelled', message: MESSAGES.invoiceCancelled });

    const edit = await t.request({
      method: 'PUT',
      url,
      token: issuer.token,
      body: { client: client._id, lignes: lines },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({ errorType: 'invoice_cancelled', message: MESSAGES.invoiceCancelled });
  });

  it('still says "sent or paid" for a sent invoice', async () => {
    const { issuer, client } = await issuerWithClient();
    const invoice = await createInvoice(issuer.token, client._id);
    const url = `/api/factures/${invoice._id}`;
    await t.request({ method: 'PUT', url, token: issuer.token, body: { statut: 'envoyee' } });
    const res = await t.request({ method: 'DELETE', url, token: issuer.token });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorType).toBe('invoice_locked');
    expect(res.json().message).toMatch(/envoyée ou payée/);
  });

  it.each([
    ['a particulier', { role: 'particulier' as const, siret: null }],
    ['a professional', {}],
  ])('tells %s recipient that only the issuer edits, deletes or sends the invoice', async (_who, values) => {
    const recipient = await signedInUser(t, values);
    const { issuer, client } = await issuerWithClient(recipient.user.email);
    const invoice = await createInvoice(issuer.token, client._id);
    const sent = await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/send-internal`,
      token: issuer.token,
    });
    expect(sent.statusCode).toBe(200);

    const url = `/api/factures/${invoice._id}`;
    const attempts: [string, string, unknown?][] = [
      ['PUT', url, { client: client._id, lignes: lines }],
      ['DELETE', url],
      ['POST', `${url}/send-internal`],
      ['POST', `${url}/send-email`, { to: uniqueEmail('x'), subject: 'Facture' }],
    ];
    for (const [method, target, body] of attempts) {
      const res = await t.request({ method: method as 'PUT', url: target, token: recipient.token, body });
      expect(res.statusCode, `${method} ${target}`).toBe(403);
      expect(res.json(), `${method} ${target}`).toEqual({
        errorType: 'not_issuer',
        message: MESSAGES.notIssuer,
      });
    }
    // Its own side's status is another matter, and says so.
    const status = await t.request({
      method: 'PUT',
      url: `${url}/statut-emetteur`,
      token: recipient.token,
      body: { statutEmetteur: 'payee' },
    });
    expect(status.statusCode).toBe(403);
    expect(status.json()).toEqual({
      errorType: 'forbidden',
      message: 'Chaque partie ne peut modifier que son propre statut de la facture.',
    });
  });
});
