import { COUNTERPART_MESSAGES, type Conversation, type Invoice, type InvoiceListItem } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { call, saleOnPlatform } from '../payments/payments-test-kit.js';
import { updateUser } from '../users/users.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const closed = { errorType: 'counterpart_closed', message: COUNTERPART_MESSAGES.closed };
const suspended = { errorType: 'counterpart_suspended', message: COUNTERPART_MESSAGES.suspended };

async function openThread(token: string, invoiceId: string): Promise<Conversation> {
  const res = await call(t, token, 'POST', `/factures/${invoiceId}/conversation`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Conversation>();
}

describe('a counterpart that left cannot be reached', () => {
  it('an issuer who closed the account: the client can neither declare the payment nor write', async () => {
    const { issuer, recipient, invoice } = await saleOnPlatform(t);
    const thread = await openThread(recipient.token, invoice._id);
    const closing = await call(t, issuer.token, 'DELETE', '/users/me', { password: issuer.password });
    expect(closing.statusCode, closing.body).toBe(204);

    for (const [method, url, body] of [
      ['PATCH', `/factures/${invoice._id}/payer`, undefined],
      ['PUT', `/factures/${invoice._id}/statut-destinataire`, { statutDestinataire: 'payee' }],
      ['POST', `/conversations/${thread._id}/messages`, { contenu: 'Bonjour' }],
    ] as const) {
      const res = await call(t, recipient.token, method, url, body);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(409);
      expect(res.json()).toEqual(closed);
    }
    // Nothing was written: no declared payment waits « En attente de confirmation » forever.
    const payments = await call(t, recipient.token, 'GET', `/factures/${invoice._id}/paiements`);
    expect(payments.statusCode, payments.body).toBe(200);
    expect(payments.json<{ paiements: unknown[] }>().paiements).toEqual([]);
    // Reading stays possible: the client keeps its copy, and sees why nothing can reach the issuer.
    const detail = await call(t, recipient.token, 'GET', `/factures/${invoice._id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json<Invoice>().contrepartie).toEqual({ etat: 'cloture' });
    const list = await call(t, recipient.token, 'GET', '/factures/received');
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json<InvoiceListItem[]>().find((item) => item._id === invoice._id);
    expect(row?.contrepartie).toEqual({ etat: 'cloture' });
    // The conversation says it too, so the composer can say why it is closed.
    const conversations = await call(t, recipient.token, 'GET', '/conversations');
    expect(conversations.statusCode, conversations.body).toBe(200);
    const conversation = conversations
      .json<{ _id: string; contrepartie: { etat: string } }[]>()
      .find((item) => item._id === thread._id);
    expect(conversation?.contrepartie).toEqual({ etat: 'cloture' });
  });

  it('a suspended issuer: 409 counterpart_suspended; lifted, the same actions work', async () => {
    const { issuer, recipient, invoice } = await saleOnPlatform(t);
    const thread = await openThread(recipient.token, invoice._id);
    await updateUser(t.database.db, issuer.id, { isBanned: true });
    const paid = await call(t, recipient.token, 'PATCH', `/factures/${invoice._id}/payer`);
    expect(paid.statusCode, paid.body).toBe(409);
    expect(paid.json()).toEqual(suspended);
    const message = await call(t, recipient.token, 'POST', `/conversations/${thread._id}/messages`, {
      contenu: 'Bonjour',
    });
    expect(message.json()).toEqual(suspended);

    await updateUser(t.database.db, issuer.id, { isBanned: false });
    expect((await call(t, recipient.token, 'PATCH', `/factures/${invoice._id}/payer`)).statusCode).toBe(200);
    const sent = await call(t, recipient.token, 'POST', `/conversations/${thread._id}/messages`, {
      contenu: 'Bonjour',
    });
    expect(sent.statusCode, sent.body).toBe(201);
  });

  it('the issuer cannot write to, nor send an invoice on Facturo to, a suspended client', async () => {
    const { issuer, recipient, invoice } = await saleOnPlatform(t);
    const thread = await openThread(issuer.token, invoice._id);
    await updateUser(t.database.db, recipient.id, { isBanned: true });
    const seen = await call(t, issuer.token, 'GET', `/factures/${invoice._id}`);
    expect(seen.json<Invoice>().contrepartie).toEqual({ etat: 'suspendu' });
    const mine = await call(t, issuer.token, 'GET', '/factures');
    const row = mine.json<InvoiceListItem[]>().find((item) => item._id === invoice._id);
    expect(row?.contrepartie).toEqual({ etat: 'suspendu' });
    const message = await call(t, issuer.token, 'POST', `/conversations/${thread._id}/messages`, {
      contenu: 'Bonjour',
    });
    expect(message.statusCode).toBe(409);
    expect(message.json()).toEqual(suspended);

    const pro = await signedInUser(t);
    const client = await createClient(t, pro.token, { email: recipient.email });
    const created = await call(t, pro.token, 'POST', '/factures', {
      client: client._id,
      delaiPaiement: 30,
      lignes: [{ description: 'Conseil', quantite: 1, prixUnitaire: 50 }],
      tauxTVA: 0,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ _id: string }>()._id;
    const sending = await call(t, pro.token, 'POST', `/factures/${id}/send-internal`);
    expect(sending.statusCode, sending.body).toBe(409);
    expect(sending.json()).toEqual(suspended);
    // Refused as a whole: the invoice is still unsent.
    const after = await call(t, pro.token, 'GET', `/factures/${id}`);
    expect(after.json<{ cycle: { emise: boolean } }>().cycle.emise).toBe(false);
  });
});
