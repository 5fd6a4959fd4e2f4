import {
  invoiceLabel,
  LIST_MESSAGES,
  QUOTE_STATUS_FILTER_MESSAGE,
  type Quote,
  type QuoteListItem,
  quoteListItemSchema,
} from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { readPage, walkPages } from '../../test/list-pages.js';
import { acceptOffPlatform, call, createQuote, issuer, newClient } from './quote-test-kit.js';

/** Issue 16: GET /devis and /devis/received a page at a time, in SQL, with `?status=` as before and `q`. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const ids = (rows: readonly { _id: string }[]) => rows.map((row) => row._id);
const numbers = async (token: string, url: string) =>
  (await walkPages<QuoteListItem>(t, token, url, 2))
    .flat()
    .map((row) => row.numero)
    .sort();

/** A seller with five quotes: to « Atelier Lune » (one accepted and invoiced), and to « 100% Bio_Local ». */
async function seller() {
  const me = await issuer(t);
  const studio = await newClient(t, me.token, { nom: 'Atelier Lune' });
  const organic = await newClient(t, me.token, { nom: '100% Bio_Local' });
  const made: Quote[] = [];
  for (const [client, objet] of [
    [studio, 'Refonte du site'],
    [studio, ''],
    [organic, 'Paniers'],
    [organic, ''],
    [studio, 'Maintenance'],
  ] as const) {
    made.push(await createQuote(t, me.token, client._id, { objet }));
  }
  const invoiced = made[0] as Quote;
  await acceptOffPlatform(t, me.token, invoiced._id);
  const final = await call(t, me.token, 'POST', `/devis/${invoiced._id}/facturer`);
  expect(final.statusCode, final.body).toBe(201);
  return { me, studio, organic, made, invoiced };
}

let shop: Awaited<ReturnType<typeof seller>>;
beforeAll(async () => {
  shop = await seller();
});

describe('GET /devis', () => {
  it('walks the pages in the order of one big page, newest first', async () => {
    const pages = await walkPages<QuoteListItem>(t, shop.me.token, '/api/devis', 2);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    const single = await readPage<QuoteListItem>(t, shop.me.token, '/api/devis', { limit: 200 });
    expect(ids(pages.flat())).toEqual(ids(single.items));
    expect(ids(single.items)).toEqual(ids([...shop.made].reverse()));
    expect(single.total).toBe(5);
  });

  it('presents a row as the detail does, its final invoice included, without the heavy fields', async () => {
    const rows = (await walkPages<QuoteListItem>(t, shop.me.token, '/api/devis', 200)).flat();
    for (const row of rows) {
      const detail = (await call(t, shop.me.token, 'GET', `/devis/${row._id}`)).json<Quote>();
      expect(row).toEqual(quoteListItemSchema.parse({ ...detail, libelle: invoiceLabel(detail) }));
      expect(row).not.toHaveProperty('lignes');
      expect(row).not.toHaveProperty('mentionsLegales');
    }
    const invoiced = rows.find((row) => row._id === shop.invoiced._id);
    expect(invoiced?.factureFinale).toEqual({
      _id: expect.any(String),
      numero: expect.stringMatching(/^FAC-/),
    });
    expect(invoiced?.statutEmetteur).toBe('facturee');
  });

  it('filters one status as before, and searches the number, the client and the object', async () => {
    const { token } = shop.me;
    const [first, second, third, fourth, fifth] = shop.made.map((quote) => quote.numero);
    expect(await numbers(token, '/api/devis?status=facturee')).toEqual([first]);
    expect(await numbers(token, '/api/devis?status=creee')).toEqual([second, third, fourth, fifth].sort());
    const bad = await t.request({ method: 'GET', url: '/api/devis?status=payee', token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(QUOTE_STATUS_FILTER_MESSAGE);
    expect(await numbers(token, `/api/devis?q=${second}`)).toEqual([second]);
    expect(await numbers(token, '/api/devis?q=lune')).toEqual([first, second, fifth].sort());
    expect(await numbers(token, '/api/devis?q=maintenance')).toEqual([fifth]);
    expect(await numbers(token, '/api/devis?q=%25')).toEqual([third, fourth].sort());
    expect(await numbers(token, '/api/devis?q=_')).toEqual([third, fourth].sort());
    expect(await numbers(token, '/api/devis?q=lune&status=facturee')).toEqual([first]);
  });
});

describe('GET /devis/received', () => {
  it('lists what was sent to the reader, on their side, and refuses the other list’s cursor', async () => {
    const buyer = await signedInUser(t, { role: 'particulier', siret: null });
    const client = await newClient(t, shop.me.token, { email: buyer.user.email, nom: 'Client Plateforme' });
    const quote = await createQuote(t, shop.me.token, client._id, { objet: 'Cuisine' });
    const sent = await call(t, shop.me.token, 'POST', `/devis/${quote._id}/send-internal`);
    expect(sent.statusCode, sent.body).toBe(200);

    const page = await readPage<QuoteListItem>(t, buyer.token, '/api/devis/received');
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      numero: quote.numero,
      role: 'destinataire',
      statut: 'non_vue',
      statutDestinataire: 'non_vue',
      emetteur: { _id: shop.me.id },
    });
    expect(await numbers(buyer.token, '/api/devis/received?status=vue')).toEqual([]);
    expect(await numbers(buyer.token, '/api/devis/received?q=cuisine')).toEqual([quote.numero]);
    expect(await numbers(buyer.token, '/api/devis')).toEqual([]);

    const issuedCursor = (await readPage(t, shop.me.token, '/api/devis', { limit: 1 })).nextCursor;
    const res = await t.request({
      method: 'GET',
      url: `/api/devis/received?cursor=${issuedCursor}`,
      token: buyer.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errorType: 'validation_error', message: LIST_MESSAGES.badCursor });
    // Another seller with the seller's cursor sees only their own quotes (none).
    const other = await issuer(t);
    const theirs = await readPage(t, other.token, '/api/devis', { cursor: issuedCursor });
    expect(theirs).toEqual({ items: [], nextCursor: undefined, total: 0 });
  });
});
