import { type EreportingDetail, type EreportingPeriod, frenchVatNumber, type Invoice } from '@facturo/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ereportingSubmissions, platformFlows } from '../../db/schema.js';
import { createClient, createUser, uniqueSiret } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { creditInvoice, markInvoiceSent } from '../../test/invoice-requests.js';
import { flowOf } from './ereporting-data.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  t.clock.reset();
});

/** Paris mid-morning on that day: the app's clock, so invoices are dated then. */
const setDay = (day: string) => t.clock.set(new Date(`${day}T10:00:00+01:00`));

/**
 * A professional who signed up before the reform's first period (or on `createdAt`), signed in on the
 * current clock.
 */
async function professional(regimeTva: 'franchise' | 'reel', createdAt = new Date('2026-08-15T10:00:00Z')) {
  const siret = uniqueSiret();
  const account = await createUser(t, {
    regimeTva,
    siret,
    // Charging VAT needs the seller's VAT number on the invoice.
    tvaIntracommunautaire: regimeTva === 'reel' ? frenchVatNumber(siret.slice(0, 9)) : '',
    createdAt,
  });
  const login = async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/login', body: account });
    return res.json<{ token: string }>().token;
  };
  return { id: account.id, login, token: await login() };
}

async function invoice(
  token: string,
  client: string,
  prixUnitaire: number,
  tauxTVA: number,
): Promise<Invoice> {
  const res = await t.request({
    method: 'POST',
    url: '/api/factures',
    token,
    body: {
      client,
      delaiPaiement: 30,
      lignes: [{ description: 'Conseil', quantite: 1, prixUnitaire }],
      tauxTVA,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Invoice>();
}

const periods = async (token: string) => {
  const res = await t.request({ method: 'GET', url: '/api/ereporting/periodes', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ periodes: EreportingPeriod[] }>().periodes;
};
const detail = (token: string, code: string) =>
  t.request({ method: 'GET', url: `/api/ereporting/${code}`, token });
const submit = (token: string, code: string) =>
  t.request({ method: 'POST', url: `/api/ereporting/${code}/soumission`, token });

describe('e-reporting under the franchise (every two months)', () => {
  it('reports sales to individuals and foreign businesses, not French businesses, and their service payments', async () => {
    setDay('2026-11-10');
    const { token, login, id } = await professional('franchise');
    const individual = await createClient(t, token, { nom: 'Marie Durand', type: 'particulier' });
    const belgian = await createClient(t, token, {
      nom: 'Brussels Design',
      type: 'entreprise',
      // Without its VAT number the sale stays under art. 293 B (with it, services are reverse-charged).
      adresse: { rue: '1 rue Neuve', codePostal: '1000', ville: 'Bruxelles', pays: 'BE' },
    });
    const french = await createClient(t, token, {
      nom: 'SARL Locale',
      type: 'entreprise',
      siret: uniqueSiret(),
    });
    const toIndividual = await invoice(token, individual._id, 100, 0);
    await invoice(token, belgian._id, 250.5, 0);
    await invoice(token, french._id, 300, 0);
    expect((await markInvoiceSent(t, token, toIndividual._id)).statusCode).toBe(200);
    const paid = await t.request({
      method: 'POST',
      url: `/api/factures/${toIndividual._id}/paiements`,
      token,
      body: { datePaiement: '2026-11-10', montant: 60, methode: 'virement' },
    });
    expect(paid.statusCode, paid.body).toBe(201);

    expect(await periods(token)).toEqual([
      expect.objectContaining({
        code: '2026-11',
        debut: '2026-11-01',
        fin: '2026-12-31',
        periodicite: 'bimestrielle',
        etat: 'en_cours',
        nombreTransactions: 2,
        nombrePaiements: 1,
        soumisLe: null,
      }),
    ]);

    const res = await detail(token, '2026-11');
    expect(res.statusCode, res.body).toBe(200);
    const { donnees } = res.json<EreportingDetail>();
    expect(
      donnees.transactions.factures.map((f) => [f.categorie, f.pays, f.categorieTva, f.montantTTC]),
    ).toEqual([
      ['particulier', 'FR', 'E', 100],
      ['international', 'BE', 'E', 250.5],
    ]);
    // Both sales of the day share the franchise's category and rate: one aggregate.
    expect(donnees.transactions.parJour).toEqual([
      { date: '2026-11-10', categorieTva: 'E', taux: 0, baseHT: 350.5, montantTVA: 0, nombreFactures: 2 },
    ]);
    expect(donnees.transactions.totaux).toEqual([
      { categorieTva: 'E', taux: 0, baseHT: 350.5, montantTVA: 0 },
    ]);
    // Sales to an individual (aggregated, FRR 10.3) and abroad (one by one, 10.1), and a service payment
    // (10.4): several report kinds in one flow, for both kinds of buyer.
    expect(donnees.flux).toEqual({ type: 'MultiFlowReport', regleTraitement: null });
    expect(donnees.paiements).toEqual({
      liste: [{ date: '2026-11-10', numeroFacture: toIndividual.numero, taux: 0, montant: 60 }],
      parJour: [{ date: '2026-11-10', taux: 0, montant: 60 }],
      total: 60,
    });

    // Not before the period ends.
    const early = await submit(token, '2026-11');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('pas terminée');

    // January: the period is over; submitted once, queued for the platform in the same transaction.
    setDay('2027-01-05');
    const january = await login();
    const sent = await submit(january, '2026-11');
    expect(sent.statusCode, sent.body).toBe(201);
    const submitted = sent.json<EreportingDetail>();
    expect(submitted.periode.etat).toBe('a_envoyer');
    expect(submitted.periode.soumisLe).not.toBeNull();
    const [row] = await t.database.db
      .select()
      .from(ereportingSubmissions)
      .where(and(eq(ereportingSubmissions.userId, id), eq(ereportingSubmissions.periodStart, '2026-11-01')));
    expect(row?.periodEnd).toBe('2026-12-31');
    const [flow] = await t.database.db
      .select()
      .from(platformFlows)
      .where(eq(platformFlows.id, row?.flowId ?? ''));
    expect(flow).toMatchObject({
      kind: 'ereporting',
      syntax: 'FRR',
      direction: 'sortant',
      state: 'a_envoyer',
    });
    expect(flow?.fileName).toBe('e-reporting-2026-11.json');
    expect(JSON.parse(flow?.content.toString('utf8') ?? '')).toEqual(donnees);
    expect(row?.sha256).toBe(flow?.sha256);

    const again = await submit(january, '2026-11');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      errorType: 'conflict',
      message: expect.stringContaining('déjà été transmise'),
    });

    // The platform's answer, as its job writes it on the flow, is the period's state.
    await t.database.db
      .update(platformFlows)
      .set({ state: 'deposee' })
      .where(eq(platformFlows.id, flow?.id ?? ''));
    const [, deposited] = await periods(january);
    expect((await periods(january)).map((p) => p.code)).toEqual(['2027-01', '2026-11']);
    expect(deposited).toMatchObject({ code: '2026-11', etat: 'deposee' });
    await t.database.db
      .update(platformFlows)
      .set({ state: 'echec' })
      .where(eq(platformFlows.id, flow?.id ?? ''));
    expect((await detail(january, '2026-11')).json<EreportingDetail>().periode.etat).toBe('rejetee');
  });

  it('refuses a malformed period, a month that does not start one, one before the reform and a particulier', async () => {
    setDay('2026-11-10');
    const { token } = await professional('franchise');
    for (const [code, message] of [
      ['novembre', 'AAAA-MM'],
      ['2026-13', 'AAAA-MM'],
      ['2026-12', 'ne commence pas'],
      ['2026-07', 'septembre 2026'],
    ] as const) {
      const res = await detail(token, code);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const individual = await createUser(t, { role: 'particulier', siret: null });
    const login = await t.request({ method: 'POST', url: '/api/auth/login', body: individual });
    const refused = await t.request({
      method: 'GET',
      url: '/api/ereporting/periodes',
      token: login.json().token,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('e-reporting submitted twice at once', () => {
  it('lets one through and answers the other 409, leaving one flow', async () => {
    setDay('2027-01-05');
    const { token, id } = await professional('franchise');
    const answers = await Promise.all([submit(token, '2026-09'), submit(token, '2026-09')]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const flows = await t.database.db
      .select({ id: platformFlows.id })
      .from(platformFlows)
      .where(and(eq(platformFlows.userId, id), eq(platformFlows.kind, 'ereporting')));
    expect(flows).toHaveLength(1);
  });
});

describe('e-reporting when charging VAT (every month)', () => {
  it('totals per VAT rate and counts a credit note against the sales', async () => {
    setDay('2026-10-20');
    const { token } = await professional('reel');
    const individual = await createClient(t, token, { nom: 'Jean Petit', type: 'particulier' });
    const first = await invoice(token, individual._id, 100, 20);
    await invoice(token, individual._id, 50, 10);
    expect((await markInvoiceSent(t, token, first._id)).statusCode).toBe(200);
    const credit = await creditInvoice(t, token, first._id, { motif: 'Erreur de prix' });
    expect(credit.statusCode, credit.body).toBe(201);

    const list = await periods(token);
    // September went by without a sale: it is not listed.
    expect(list.map((p) => [p.code, p.periodicite, p.etat])).toEqual([['2026-10', 'mensuelle', 'en_cours']]);
    const { donnees } = (await detail(token, '2026-10')).json<EreportingDetail>();
    expect(donnees.transactions.factures.map((f) => [f.type, f.montantHT, f.montantTVA])).toEqual([
      ['facture', 100, 20],
      ['facture', 50, 5],
      ['avoir', -100, -20],
    ]);
    expect(donnees.transactions.totaux).toEqual(
      expect.arrayContaining([
        { categorieTva: 'S', taux: 20, baseHT: 0, montantTVA: 0 },
        { categorieTva: 'S', taux: 10, baseHT: 50, montantTVA: 5 },
      ]),
    );
  });
});

describe('e-reporting periods since the first sale', () => {
  it('lists every period from the first sale, even one before the account was opened, and takes an old ended one', async () => {
    // The account's creation date comes after its first invoice (an account recreated, a migrated history).
    setDay('2026-10-05');
    const { token, login } = await professional('reel', new Date('2027-02-01T10:00:00Z'));
    const individual = await createClient(t, token, { nom: 'Jean Petit', type: 'particulier' });
    const sale = await invoice(token, individual._id, 100, 20);
    expect((await markInvoiceSent(t, token, sale._id)).statusCode).toBe(200);

    setDay('2027-03-10');
    const march = await login();
    const list = await periods(march);
    // September 2026, before the first sale, is not there; October, the oldest, is, ready to submit.
    expect(list.map((p) => [p.code, p.etat])).toEqual([
      ['2027-03', 'en_cours'],
      ['2027-02', 'a_soumettre'],
      ['2027-01', 'a_soumettre'],
      ['2026-12', 'a_soumettre'],
      ['2026-11', 'a_soumettre'],
      ['2026-10', 'a_soumettre'],
    ]);
    expect(list.at(-1)?.nombreTransactions).toBe(1);

    const sent = await submit(march, '2026-10');
    expect(sent.statusCode, sent.body).toBe(201);
    const { periode, donnees } = sent.json<EreportingDetail>();
    expect(periode.etat).toBe('a_envoyer');
    // One sale to an individual: an aggregated B2C transaction report (FRR 10.3).
    expect(donnees.flux).toEqual({ type: 'AggregatedCustomerTransactionReport', regleTraitement: 'B2C' });
    expect((await periods(march)).at(-1)).toMatchObject({ code: '2026-10', etat: 'a_envoyer' });
  });

  it('lists only the period in progress before any sale', async () => {
    setDay('2027-01-05');
    const { token } = await professional('franchise');
    expect((await periods(token)).map((p) => [p.code, p.etat])).toEqual([['2027-01', 'en_cours']]);
  });
});

describe('the flow type of a period’s report (XP Z12-013 FlowType), by its content', () => {
  it('one kind of report alone names it; two or more make a MultiFlowReport', () => {
    expect(flowOf(['international'], [])).toEqual({
      type: 'UnitaryCustomerTransactionReport',
      regleTraitement: 'B2BInt',
    });
    expect(flowOf([], ['particulier'])).toEqual({
      type: 'AggregatedCustomerPaymentReport',
      regleTraitement: 'B2C',
    });
    expect(flowOf([], ['international'])).toEqual({
      type: 'UnitaryCustomerPaymentReport',
      regleTraitement: 'B2BInt',
    });
    expect(flowOf(['particulier'], ['particulier'])).toEqual({
      type: 'MultiFlowReport',
      regleTraitement: 'B2C',
    });
    // A period without a sale: an empty transaction report, its rule left to the platform.
    expect(flowOf([], [])).toEqual({ type: 'AggregatedCustomerTransactionReport', regleTraitement: null });
  });
});
