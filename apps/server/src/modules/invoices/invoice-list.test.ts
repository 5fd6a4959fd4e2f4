import {
  type Invoice,
  type InvoiceListItem,
  invoiceLabel,
  invoiceListItemSchema,
  LIST_HEADERS,
  LIST_MESSAGES,
} from '@facturo/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../lib/clock.js';
import { createClient, signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { cloneInvoice, readPage, walkPages } from '../../test/list-pages.js';

/**
 * Issue 16: the invoice lists read a page at a time in keyset order (newest issue date, newest creation,
 * id), with the next cursor and the total in headers. Filters, search and totals: invoice-list-filters.test.ts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());
afterEach(() => t.clock.reset());

async function invoiceTo(token: string, clientId: string, description = 'Conseil'): Promise<Invoice> {
  const res = await t.request({
    method: 'POST',
    url: '/api/factures',
    token,
    body: { client: clientId, delaiPaiement: 30, lignes: [{ description, quantite: 1, prixUnitaire: 100 }] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Invoice>();
}

const ids = (rows: readonly { _id: string }[]) => rows.map((row) => row._id);

/** An issuer with a client and invoices issued over three days, two of them written on an older day last. */
async function issuerWithHistory() {
  const issuer = await signedInUser(t);
  const client = await createClient(t, issuer.token);
  const made: Invoice[] = [];
  for (const [days, count] of [
    [1, 2],
    [3, 3],
    [0, 2],
  ] as const) {
    t.clock.set(new Date(Date.now() + days * DAY_MS));
    for (let i = 0; i < count; i += 1) made.push(await invoiceTo(issuer.token, client._id));
  }
  t.clock.reset();
  return { issuer, client, made };
}

/** What the list must say: newest issue date first, then the one created last. */
const expectedOrder = (invoices: readonly Invoice[]) =>
  [...invoices].sort(
    (a, b) => b.dateEmission.localeCompare(a.dateEmission) || b.createdAt.localeCompare(a.createdAt),
  );

describe('pages of GET /factures', () => {
  it('walks every page with the cursor: no duplicate, no gap, the order of one big page', async () => {
    const { issuer, made } = await issuerWithHistory();
    const pages = await walkPages<InvoiceListItem>(t, issuer.token, '/api/factures', 3);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    const walked = pages.flat();
    expect(new Set(ids(walked)).size).toBe(made.length);
    expect(ids(walked)).toEqual(ids(expectedOrder(made)));
    const single = await readPage<InvoiceListItem>(t, issuer.token, '/api/factures', { limit: 200 });
    expect(ids(single.items)).toEqual(ids(walked));
    expect(single).toMatchObject({ nextCursor: undefined, total: made.length });
  });

  it('orders rows that share their date and creation instant by id, across pages', async () => {
    const issuer = await signedInUser(t);
    const client = await createClient(t, issuer.token);
    const first = await invoiceTo(issuer.token, client._id);
    await cloneInvoice(t, first._id, 230);

    const byDefault = await readPage<InvoiceListItem>(t, issuer.token, '/api/factures');
    expect(byDefault.items).toHaveLength(50);
    expect(byDefault.total).toBe(231);
    expect(byDefault.nextCursor).toEqual(expect.any(String));

    const big = await walkPages<InvoiceListItem>(t, issuer.token, '/api/factures', 200);
    expect(big.map((page) => page.length)).toEqual([200, 31]);
    const small = await walkPages<InvoiceListItem>(t, issuer.token, '/api/factures', 50);
    expect(small.map((page) => page.length)).toEqual([50, 50, 50, 50, 31]);
    expect(ids(small.flat())).toEqual(ids(big.flat()));
    expect(new Set(ids(small.flat())).size).toBe(231);
  });

  it('refuses a limit outside 1–200 in French', async () => {
    const { token } = await signedInUser(t);
    for (const limit of ['0', '201', '-1', '2.5', 'dix']) {
      const res = await t.request({ method: 'GET', url: `/api/factures?limit=${limit}`, token });
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().errorType).toBe('validation_error');
      expect(res.json().message, limit).toMatch(/[a-zà-ÿ]{3,}/i);
      expect(res.json().message, limit).not.toMatch(/^Invalid|expected/i);
    }
    expect((await t.request({ method: 'GET', url: '/api/factures?limit=200', token })).statusCode).toBe(200);
  });

  it('answers the total and the cursor in headers, and no cursor on the last page', async () => {
    const { issuer } = await issuerWithHistory();
    const res = await t.request({ method: 'GET', url: '/api/factures?limit=7', token: issuer.token });
    expect(res.headers[LIST_HEADERS.totalCount]).toBe('7');
    expect(res.headers[LIST_HEADERS.nextCursor]).toBeUndefined();
    const empty = await signedInUser(t);
    const none = await t.request({ method: 'GET', url: '/api/factures', token: empty.token });
    expect(none.json()).toEqual([]);
    expect(none.headers[LIST_HEADERS.totalCount]).toBe('0');
    expect(none.headers[LIST_HEADERS.nextCursor]).toBeUndefined();
  });
});

describe('cursors', () => {
  const refused = async (token: string, url: string) => {
    const res = await t.request({ method: 'GET', url, token });
    expect(res.statusCode, url).toBe(400);
    expect(res.json(), url).toEqual({ errorType: 'validation_error', message: LIST_MESSAGES.badCursor });
  };

  it('refuses a cursor the server did not write, or one of another list', async () => {
    const { issuer, client } = await issuerWithHistory();
    const otherClient = await createClient(t, issuer.token);
    await invoiceTo(issuer.token, otherClient._id);
    const issued = (await readPage(t, issuer.token, '/api/factures', { limit: 1 })).nextCursor;
    const forClient = (await readPage(t, issuer.token, `/api/factures/client/${client._id}`, { limit: 1 }))
      .nextCursor;
    expect(issued).toEqual(expect.any(String));
    expect(forClient).toEqual(expect.any(String));
    const forged = Buffer.from('{"l":"factures/emises","k":["2026-02-30","x","y"]}').toString('base64url');
    for (const cursor of ['abc', forged, `${issued}x`]) {
      await refused(issuer.token, `/api/factures?cursor=${encodeURIComponent(cursor)}`);
    }
    await refused(issuer.token, `/api/factures/received?cursor=${issued}`);
    await refused(issuer.token, `/api/devis?cursor=${issued}`);
    await refused(issuer.token, `/api/clients?cursor=${issued}`);
    await refused(issuer.token, `/api/factures/client/${client._id}?cursor=${issued}`);
    await refused(issuer.token, `/api/factures/client/${otherClient._id}?cursor=${forClient}`);
    await refused(issuer.token, `/api/factures?cursor=${forClient}`);
  });

  it('never shows another user’s rows, even with their cursor', async () => {
    const alice = await issuerWithHistory();
    const bob = await issuerWithHistory();
    const alicePage = await readPage<InvoiceListItem>(t, alice.issuer.token, '/api/factures', { limit: 2 });
    const withHerCursor = await readPage<InvoiceListItem>(t, bob.issuer.token, '/api/factures', {
      cursor: alicePage.nextCursor,
    });
    const bobs = new Set(ids(bob.made));
    expect(withHerCursor.items.every((row) => bobs.has(row._id))).toBe(true);
    expect(withHerCursor.total).toBe(bob.made.length);
    const everything = (await walkPages<InvoiceListItem>(t, bob.issuer.token, '/api/factures', 2)).flat();
    expect(ids(everything).sort()).toEqual([...bobs].sort());
    for (const url of ['/api/factures/received', `/api/factures/client/${alice.client._id}`]) {
      const res = await t.request({ method: 'GET', url, token: bob.issuer.token });
      expect(res.statusCode === 404 || res.json().length === 0, url).toBe(true);
    }
  });
});

describe('a row', () => {
  it('is the detail’s own fields, no lines, snapshots or mentions', async () => {
    const issuer = await signedInUser(t);
    const client = await createClient(t, issuer.token, { type: 'entreprise', siret: '55210055400021' });
    const invoice = await invoiceTo(issuer.token, client._id, 'Audit de sécurité');
    const [row] = (await readPage<InvoiceListItem>(t, issuer.token, '/api/factures')).items;
    const detail = await t.request({
      method: 'GET',
      url: `/api/factures/${invoice._id}`,
      token: issuer.token,
    });
    const whole = detail.json<Invoice>();
    expect(row).toEqual(invoiceListItemSchema.parse({ ...whole, libelle: invoiceLabel(whole) }));
    expect(row).toMatchObject({ libelle: 'Audit de sécurité', client: { type: 'entreprise' } });
    expect(Object.keys(row ?? {})).not.toEqual(expect.arrayContaining(['lignes']));
    for (const heavy of ['lignes', 'mentionsLegales', 'ventilationTVA', 'avoirs', 'acomptes']) {
      expect(row, heavy).not.toHaveProperty(heavy);
    }
  });
});
