import { COUNTERPART_MESSAGES, type Quote, type QuoteListItem, type QuoteStatuses } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { updateUser } from '../users/users.repo.js';
import { call, createQuote, newClient } from './quote-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const closed = { errorType: 'counterpart_closed', message: COUNTERPART_MESSAGES.closed };
const suspended = { errorType: 'counterpart_suspended', message: COUNTERPART_MESSAGES.suspended };
const accept = { statutDestinataire: 'acceptee', commentaire: 'Bon pour accord' };

interface Party {
  token: string;
  id: string;
  email: string;
  password: string;
}

async function account(role: 'professionnel' | 'particulier'): Promise<Party> {
  const values =
    role === 'particulier'
      ? { role, siret: null }
      : { adresse: '5 quai Rive', codePostal: '13002', ville: 'Marseille' };
  const { token, user, password } = await signedInUser(t, values);
  return { token, id: user._id, email: user.email, password };
}

/** A professional's quote, sent on Facturo to a particulier who has an account and opened it. */
async function quoteOnPlatform() {
  const seller = await account('professionnel');
  const buyer = await account('particulier');
  const client = await newClient(t, seller.token, { email: buyer.email });
  const quote = await createQuote(t, seller.token, client._id);
  const sent = await call(t, seller.token, 'POST', `/devis/${quote._id}/send-internal`);
  expect(sent.statusCode, sent.body).toBe(200);
  return { seller, buyer, quote, client };
}

async function closeAccount(party: Party): Promise<void> {
  const res = await call(t, party.token, 'DELETE', '/users/me', { password: party.password });
  expect(res.statusCode, res.body).toBe(204);
}

async function quoteAs(party: Party, id: string): Promise<Quote> {
  const res = await call(t, party.token, 'GET', `/devis/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Quote>();
}

async function rowAs(party: Party, list: '/devis' | '/devis/received', id: string) {
  const res = await call(t, party.token, 'GET', list);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<QuoteListItem[]>().find((item) => item._id === id);
}

async function statusesAs(party: Party, id: string): Promise<QuoteStatuses> {
  const res = await call(t, party.token, 'GET', `/devis/${id}/statuts`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<QuoteStatuses>();
}

describe('a quote whose other party left', () => {
  it('an issuer who closed the account: the client sees « clôturé » and can neither accept nor refuse', async () => {
    const { seller, buyer, quote } = await quoteOnPlatform();
    // Both open: each side reads the other as `actif`.
    expect((await quoteAs(buyer, quote._id)).contrepartie).toEqual({ etat: 'actif' });
    expect((await quoteAs(seller, quote._id)).contrepartie).toEqual({ etat: 'actif' });
    expect((await rowAs(seller, '/devis', quote._id))?.contrepartie).toEqual({ etat: 'actif' });
    expect((await statusesAs(buyer, quote._id)).peutRepondre).toBe(true);

    await closeAccount(seller);
    const detail = await quoteAs(buyer, quote._id);
    expect(detail.contrepartie).toEqual({ etat: 'cloture' });
    expect((await rowAs(buyer, '/devis/received', quote._id))?.contrepartie).toEqual({ etat: 'cloture' });
    expect((await statusesAs(buyer, quote._id)).peutRepondre).toBe(false);
    for (const statutDestinataire of ['acceptee', 'refusee']) {
      const res = await call(t, buyer.token, 'PUT', `/devis/${quote._id}/statut-destinataire`, {
        statutDestinataire,
        commentaire: '',
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual(closed);
    }
    // Nothing was written: the quote still waits, on both sides.
    const after = await quoteAs(buyer, quote._id);
    expect(after.statutDestinataire).toBe('vue');
    expect(after.statutEmetteur).toBe('envoyee');
    expect(after.reponduLe).toBeNull();
  });

  it('a suspended issuer: 409 counterpart_suspended; lifted, the client accepts', async () => {
    const { seller, buyer, quote } = await quoteOnPlatform();
    await updateUser(t.database.db, seller.id, { isBanned: true });
    expect((await quoteAs(buyer, quote._id)).contrepartie).toEqual({ etat: 'suspendu' });
    expect((await rowAs(buyer, '/devis/received', quote._id))?.contrepartie).toEqual({ etat: 'suspendu' });
    expect((await statusesAs(buyer, quote._id)).peutRepondre).toBe(false);
    const refused = await call(t, buyer.token, 'PUT', `/devis/${quote._id}/statut-destinataire`, accept);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual(suspended);

    await updateUser(t.database.db, seller.id, { isBanned: false });
    expect((await statusesAs(buyer, quote._id)).peutRepondre).toBe(true);
    const accepted = await call(t, buyer.token, 'PUT', `/devis/${quote._id}/statut-destinataire`, accept);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<Quote>().statutDestinataire).toBe('acceptee');
  });

  it('a client who closed the account: the issuer sees « clôturé » and cannot send it again on Facturo', async () => {
    const { seller, buyer, quote } = await quoteOnPlatform();
    await closeAccount(buyer);
    expect((await quoteAs(seller, quote._id)).contrepartie).toEqual({ etat: 'cloture' });
    expect((await rowAs(seller, '/devis', quote._id))?.contrepartie).toEqual({ etat: 'cloture' });
    const again = await call(t, seller.token, 'POST', `/devis/${quote._id}/send-internal`);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toEqual(closed);
    // Still held by the closed account: the sending did not move it to a new invited one.
    expect((await quoteAs(seller, quote._id)).destinataire?._id).toBe(buyer.id);
    // The e-mail reaches an address, not the account: it stays possible.
    const byMail = await call(t, seller.token, 'POST', `/devis/${quote._id}/send-email`, {
      to: 'nouvelle-adresse@exemple.fr',
      subject: `Devis ${quote.numero}`,
      message: 'Bonjour,',
    });
    expect(byMail.statusCode, byMail.body).toBe(200);
  });

  it('a suspended client: the issuer can send it neither again nor a new quote on Facturo', async () => {
    const { seller, buyer, quote, client } = await quoteOnPlatform();
    await updateUser(t.database.db, buyer.id, { isBanned: true });
    expect((await quoteAs(seller, quote._id)).contrepartie).toEqual({ etat: 'suspendu' });
    expect((await rowAs(seller, '/devis', quote._id))?.contrepartie).toEqual({ etat: 'suspendu' });
    const again = await call(t, seller.token, 'POST', `/devis/${quote._id}/send-internal`);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toEqual(suspended);

    // A new quote to the same address finds the suspended account: refused as a whole, still unsent.
    const fresh = await createQuote(t, seller.token, client._id);
    const sending = await call(t, seller.token, 'POST', `/devis/${fresh._id}/send-internal`);
    expect(sending.statusCode, sending.body).toBe(409);
    expect(sending.json()).toEqual(suspended);
    const unsent = await quoteAs(seller, fresh._id);
    expect(unsent.statutEmetteur).toBe('creee');
    expect(unsent.destinataire).toBeNull();
    expect(unsent.contrepartie).toEqual({ etat: 'actif' });
  });
});
