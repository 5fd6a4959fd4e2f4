import {
  type Invoice,
  type InvoiceListItem,
  type InvoiceListTotals,
  LIFE_FILTERS,
  LIST_HEADERS,
  lifeMatchesFilter,
  parseLifeFilter,
} from '@facturo/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { creditInvoice, markInvoiceSent } from '../../test/invoice-requests.js';
import { expectLifeRecorded } from '../../test/life-recorded.js';
import { walkPages } from '../../test/list-pages.js';
import { acceptOffPlatform, createQuote, depositInvoice } from '../quotes/quote-test-kit.js';

/**
 * Issue 16: the filters (status on the reader's side, type, q) run in SQL with the meaning they had
 * when the lists were filtered in memory, and /totaux gives the figures of exactly those rows.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

type Signed = Awaited<ReturnType<typeof signedInUser>>;

async function invoiceTo(
  token: string,
  clientId: string,
  { prix, objet = '', description = 'Prestation', statut }: Record<string, string | number | undefined>,
): Promise<Invoice> {
  const res = await t.request({
    method: 'POST',
    url: '/api/factures',
    token,
    body: {
      client: clientId,
      delaiPaiement: 30,
      objet,
      lignes: [{ description, quantite: 1, prixUnitaire: prix }],
      ...(statut ? { statut } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Invoice>();
}

const put = (token: string, url: string, body: object) => t.request({ method: 'PUT', url, token, body });

/**
 * One issuer's register: a draft (100 €), a « brouillon » (200 €), a sent invoice (300 €) fully credited
 * by a credit note (−300 €), a paid one (400 €), a cancelled one (500 €, left out of sums), and a final
 * invoice of 1 000 € after a 250 € deposit (it counts 750 €). Clients: « Boulangerie Martin », « 50%
 * Remise_Pro » (the search's wildcards as letters) and « Atelier Lune ».
 */
async function register() {
  const issuer = await signedInUser(t);
  const token = issuer.token;
  const bakery = await createClient(t, token);
  const wildcards = await createClient(t, token, { nom: '50% Remise_Pro' });
  const studio = await createClient(t, token, { nom: 'Atelier Lune' });
  const draft = await invoiceTo(token, bakery._id, { prix: 100, objet: 'Mission' });
  const brouillon = await invoiceTo(token, bakery._id, {
    prix: 200,
    description: 'Audit annuel',
    statut: 'brouillon',
  });
  const sent = await invoiceTo(token, wildcards._id, { prix: 300 });
  expect((await markInvoiceSent(t, token, sent._id)).statusCode).toBe(200);
  const note = (await creditInvoice(t, token, sent._id, { motif: 'Erreur' })).json<Invoice>();
  const paid = await invoiceTo(token, studio._id, { prix: 400, objet: 'Refonte du site' });
  expect(
    (await put(token, `/api/factures/${paid._id}/statut-emetteur`, { statutEmetteur: 'payee' })).statusCode,
  ).toBe(200);
  const cancelled = await invoiceTo(token, studio._id, { prix: 500 });
  expect(
    (await t.request({ method: 'DELETE', url: `/api/factures/${cancelled._id}`, token })).statusCode,
  ).toBe(204);
  const quote = await createQuote(t, token, studio._id, {
    lignes: [{ description: 'Chantier', quantite: 1, prixUnitaire: 1000 }],
  });
  await acceptOffPlatform(t, token, quote._id);
  const deposit = await depositInvoice(t, token, quote._id, { montant: '250' });
  const finalRes = await t.request({ method: 'POST', url: `/api/devis/${quote._id}/facturer`, token });
  expect(finalRes.statusCode, finalRes.body).toBe(201);
  const final = finalRes.json<Invoice>();
  const invoices = { draft, brouillon, sent, note, paid, cancelled, deposit, final };
  await expectLifeRecorded(t);
  return { issuer, clients: { bakery, wildcards, studio }, invoices };
}

let reg: Awaited<ReturnType<typeof register>>;
beforeAll(async () => {
  reg = await register();
});

async function rows(token: string, url: string): Promise<InvoiceListItem[]> {
  return (await walkPages<InvoiceListItem>(t, token, url, 2)).flat();
}
const numbers = async (token: string, url: string) =>
  (await rows(token, url)).map((row) => row.numero).sort();
const numeros = (...invoices: Invoice[]) => invoices.map((invoice) => invoice.numero).sort();

async function totals(token: string, url: string): Promise<InvoiceListTotals> {
  const res = await t.request({ method: 'GET', url, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InvoiceListTotals>();
}

/** The list's sum as the web computed it from every row (issue 15), in cents. */
const rowsSumCents = (list: readonly InvoiceListItem[]) =>
  list
    .filter((row) => row.statutEmetteur !== 'annulee')
    .reduce((sum, row) => {
      const cents = Math.round(row.montantTTC * 100) - Math.round(row.montantAcomptes * 100);
      return sum + (row.type === 'avoir' ? -cents : cents);
    }, 0);

describe('?status= on the issuer’s side', () => {
  it('keeps the meaning of the shared life filter, cancelled invoices only under their own', async () => {
    const { token } = reg.issuer;
    const all = Object.values(reg.invoices);
    const lifeOf = async (invoice: Invoice) =>
      (await t.request({ method: 'GET', url: `/api/factures/${invoice._id}`, token })).json<Invoice>().cycle;
    const current = await Promise.all(all.map(async (invoice) => ({ invoice, life: await lifeOf(invoice) })));
    for (const status of [undefined, ...LIFE_FILTERS, 'payée', 'Envoyée', 'en-retard', 'inconnu']) {
      const filter = parseLifeFilter(status);
      const expected = current
        .filter(({ life }) => lifeMatchesFilter(life, filter))
        .map(({ invoice }) => invoice.numero)
        .sort();
      const url =
        status === undefined ? '/api/factures' : `/api/factures?status=${encodeURIComponent(status)}`;
      expect(await numbers(token, url), url).toEqual(expected);
    }
    // Fully credited, the sent invoice reads « Annulée » beside the deleted one.
    expect(await numbers(token, '/api/factures?status=annulee')).toEqual(
      numeros(reg.invoices.cancelled, reg.invoices.sent),
    );
  });
});

describe('?type=', () => {
  it('keeps one type of document', async () => {
    const { token } = reg.issuer;
    const { note, deposit } = reg.invoices;
    expect(await numbers(token, '/api/factures?type=avoir')).toEqual(numeros(note));
    expect(await numbers(token, '/api/factures?type=acompte')).toEqual(numeros(deposit));
    expect(await numbers(token, '/api/factures?type=facture&status=payee')).toEqual(
      numeros(reg.invoices.paid),
    );
  });
});

describe('?q=', () => {
  it('finds the number, the client, the object and the first line, without case', async () => {
    const { token } = reg.issuer;
    const { draft, brouillon, sent, note, paid } = reg.invoices;
    const search = (q: string, more = '') =>
      numbers(token, `/api/factures?q=${encodeURIComponent(q)}${more}`);
    expect(await search(paid.numero)).toEqual(numeros(paid));
    expect(await search(paid.numero.toLowerCase())).toEqual(numeros(paid));
    // Fully credited, the sent invoice is « Annulée »: under that filter, and beside its credit note.
    expect(await search('remise')).toEqual(numeros(note, sent));
    expect(await search('remise', '&status=annulee')).toEqual(numeros(sent));
    expect(await search('boulangerie')).toEqual(numeros(draft, brouillon));
    expect(await search('REFONTE')).toEqual(numeros(paid));
    expect(await search('audit annuel')).toEqual(numeros(brouillon));
    expect(await search('remise', '&type=avoir')).toEqual(numeros(note));
    expect(await search('Martin', '&status=brouillon')).toEqual(numeros(draft, brouillon));
    expect(await search('introuvable')).toEqual([]);
    // A blank search is no search.
    expect(await search('   ')).toEqual(await numbers(token, '/api/factures'));
  });

  it('takes % and _ as letters, not wildcards', async () => {
    const { token } = reg.issuer;
    const { sent, note } = reg.invoices;
    for (const q of ['%', '_', '50%', 'e_P', '0% R']) {
      // The fully credited invoice stays beside its credit note without a filter.
      expect(await numbers(token, `/api/factures?q=${encodeURIComponent(q)}`), q).toEqual(
        numeros(note, sent),
      );
      expect(await numbers(token, `/api/factures?q=${encodeURIComponent(q)}&status=annulee`), q).toEqual(
        numeros(sent),
      );
    }
    expect(await numbers(token, `/api/factures?q=${encodeURIComponent('5_%')}`)).toEqual([]);
    expect(await numbers(token, `/api/factures?q=${encodeURIComponent('\\')}`)).toEqual([]);
  });

  it('searches one client’s list too, and its totals', async () => {
    const { token } = reg.issuer;
    const { studio } = reg.clients;
    const { paid, deposit, final } = reg.invoices;
    const url = `/api/factures/client/${studio._id}`;
    expect(await numbers(token, url)).toEqual(numeros(paid, deposit, final));
    expect(await numbers(token, `${url}?q=refonte`)).toEqual(numeros(paid));
    expect(await numbers(token, `${url}?status=annulee`)).toEqual(numeros(reg.invoices.cancelled));
    expect(await totals(token, `${url}/totaux?q=refonte`)).toMatchObject({ nombre: 1, totalTTC: 400 });
  });
});

describe('GET …/totaux', () => {
  it('counts and sums exactly the rows of the list, under every filter', async () => {
    const { token } = reg.issuer;
    const { studio } = reg.clients;
    for (const base of ['/api/factures', `/api/factures/client/${studio._id}`]) {
      for (const query of [
        '',
        '?status=brouillon',
        '?status=annulee',
        '?type=avoir',
        '?q=remise',
        '?q=%25',
      ]) {
        const list = await rows(token, `${base}${query}`);
        const figures = await totals(token, `${base}/totaux${query}`);
        expect(figures.nombre, `${base}${query}`).toBe(list.length);
        expect(Math.round(figures.totalTTC * 100), `${base}${query}`).toBe(rowsSumCents(list));
      }
    }
  });

  it('gives the register’s figures: credit notes negative, cancelled left out, deposits counted once', async () => {
    const figures = await totals(reg.issuer.token, '/api/factures/totaux');
    // 100 + 200 + 300 − 300 (credit note) + 400 + 250 (deposit) + 750 (final, less its deposit): the fully
    // credited 300 € reads « Annulée » but stays beside its credit note; the deleted 500 € is left out.
    expect(figures).toEqual({
      nombre: 7,
      totalTTC: 1700,
      parStatut: {
        brouillon: 4,
        envoyee: 1,
        partiellement_payee: 0,
        contestee: 0,
        en_retard: 0,
        payee: 1,
        annulee: 2,
      },
      enRetard: 0,
    });
    // The fully credited invoice was issued (its status is not « annulee »): it still counts in the sum.
    expect((await totals(reg.issuer.token, '/api/factures/totaux?status=annulee')).totalTTC).toBe(300);
    const drafts = await totals(reg.issuer.token, '/api/factures/totaux?status=brouillon&type=facture');
    expect(drafts).toMatchObject({ nombre: 3, parStatut: { brouillon: 3, payee: 1, annulee: 2 } });
  });

  it('is nothing for someone with nothing', async () => {
    const { token } = await signedInUser(t);
    expect(await totals(token, '/api/factures/totaux')).toEqual({
      nombre: 0,
      totalTTC: 0,
      parStatut: Object.fromEntries(LIFE_FILTERS.map((filter) => [filter, 0])),
      enRetard: 0,
    });
    expect((await totals(token, '/api/factures/received/totaux')).parStatut).toEqual(
      Object.fromEntries(LIFE_FILTERS.map((filter) => [filter, 0])),
    );
    const foreign = await t.request({
      method: 'GET',
      url: `/api/factures/client/${reg.clients.studio._id}/totaux`,
      token,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('received invoices', () => {
  /** Invoices sent on the platform to one user by two issuers. */
  async function inbox() {
    const recipient = await signedInUser(t, { role: 'particulier', siret: null });
    const send = async (from: Signed, prix: number) => {
      const client = await createClient(t, from.token, { email: recipient.user.email });
      const invoice = await invoiceTo(from.token, client._id, { prix, objet: `Travaux ${prix}` });
      const res = await t.request({
        method: 'POST',
        url: `/api/factures/${invoice._id}/send-internal`,
        token: from.token,
      });
      expect(res.statusCode, res.body).toBe(200);
      return invoice;
    };
    const claire = await signedInUser(t);
    const zoe = await signedInUser(t, { nom: 'Lefèvre', prenom: 'Zoé' });
    const fromClaire = await send(claire, 120);
    const fromZoe = await send(zoe, 80);
    const paid = await t.request({
      method: 'PATCH',
      url: `/api/factures/${fromZoe._id}/payer`,
      token: recipient.token,
    });
    expect(paid.statusCode).toBe(200);
    await expectLifeRecorded(t);
    return { recipient, claire, fromClaire, fromZoe };
  }

  it('filter on the recipient’s side and search the issuer’s name', async () => {
    const { recipient, claire, fromClaire, fromZoe } = await inbox();
    const { token } = recipient;
    const url = '/api/factures/received';
    expect(await numbers(token, url)).toHaveLength(2);
    // Declared paid by the recipient, Zoé's invoice awaits her confirmation: « Paiement signalé », still
    // among the sent ones, not yet paid.
    expect(await numbers(token, `${url}?status=payée`)).toEqual([]);
    expect(await numbers(token, `${url}?status=envoyee`)).toEqual(numeros(fromClaire, fromZoe));
    expect(await numbers(token, `${url}?status=brouillon`)).toEqual([]);
    expect(await numbers(token, `${url}?q=${encodeURIComponent('zoé lef')}`)).toEqual(numeros(fromZoe));
    // Accents and case aside, on both sides: what a French keyboard-less search types.
    expect(await numbers(token, `${url}?q=${encodeURIComponent('ZOE LEF')}`)).toEqual(numeros(fromZoe));
    expect(await numbers(token, `${url}?q=${encodeURIComponent('Travaux 120')}`)).toEqual(
      numeros(fromClaire),
    );
    const [row] = await rows(token, `${url}?q=lef`);
    expect(row).toMatchObject({ role: 'destinataire', statutEmetteur: null });
    expect(row?.cycle).toMatchObject({ etat: 'paiement_signale', libelle: 'Paiement signalé' });
    expect(await totals(token, `${url}/totaux`)).toEqual({
      nombre: 2,
      totalTTC: 200,
      parStatut: {
        brouillon: 0,
        envoyee: 2,
        partiellement_payee: 0,
        contestee: 0,
        en_retard: 0,
        payee: 0,
        annulee: 0,
      },
      enRetard: 0,
    });
    expect(await totals(token, `${url}/totaux?status=envoyee`)).toMatchObject({ nombre: 2, totalTTC: 200 });
    // The issuer's own list does not hold what others sent to the same address.
    expect(await numbers(claire.token, url)).toEqual([]);
  });
});

describe('the whole issued list’s total', () => {
  const totalOf = async (token: string, url: string) => {
    const res = await t.request({ method: 'GET', url, token });
    expect(res.statusCode, res.body).toBe(200);
    return Number(res.headers[LIST_HEADERS.totalCount]);
  };

  it('says how many rows the list holds, the deleted draft left out, from the issuer’s counter', async () => {
    const { token, user } = reg.issuer;
    const listed = await rows(token, '/api/factures');
    expect(listed.map((row) => row.numero)).not.toContain(reg.invoices.cancelled.numero);
    expect(await totalOf(token, '/api/factures?limit=2')).toBe(listed.length);
    // Read from the counter, not counted: a counter moved by hand moves the total, and a filtered list,
    // still counted, does not follow it.
    const byType = await totalOf(token, '/api/factures?type=facture');
    const moveCounter = (by: number) =>
      t.database.db.execute(
        sql`update issuer_counts set invoices = invoices + ${by} where issuer_id = ${user._id}`,
      );
    await moveCounter(5);
    try {
      expect(await totalOf(token, '/api/factures?limit=2')).toBe(listed.length + 5);
      expect(await totalOf(token, '/api/factures?type=facture')).toBe(byType);
    } finally {
      await moveCounter(-5);
    }
    expect(await totalOf(token, '/api/factures?limit=2')).toBe(listed.length);
  });
});
