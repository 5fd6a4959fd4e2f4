import {
  DOCUMENT_MESSAGES,
  FRANCHISE_TVA_MENTION,
  frenchVatNumber,
  type Invoice,
  QUOTE_MESSAGES,
  type Quote,
} from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parisDate } from '../../lib/paris-date.js';
import { uniqueSiret } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { creditInvoice, markInvoiceSent } from '../../test/invoice-requests.js';
import {
  acceptOffPlatform,
  call,
  createQuote,
  deposit,
  depositInvoice,
  issuer,
  newClient,
} from './quote-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const year = () => parisDate(new Date()).slice(0, 4);
const fac = (n: number) => `FAC-${year()}-${String(n).padStart(4, '0')}`;
/** Their SIREN, which the VAT number carries; each gets their own establishment (one company, one account). */
const SIREN = '123456782';

/** A franchise issuer's accepted quote of 1 000 € (no VAT). */
async function acceptedFranchiseQuote(values: Parameters<typeof issuer>[1] = {}) {
  const seller = await issuer(t, values);
  const client = await newClient(t, seller.token);
  const quote = await createQuote(t, seller.token, client._id, {
    lignes: [{ description: 'Cuisine', quantite: 1, prixUnitaire: 1000 }],
  });
  await acceptOffPlatform(t, seller.token, quote._id);
  return { seller, client, quote };
}

/** A VAT-registered issuer's accepted quote: 1 000 € HT at 20 % and 250 € HT at 5,5 % (1 463,75 € TTC). */
async function acceptedMixedQuote() {
  const seller = await issuer(t, {
    siret: uniqueSiret(SIREN),
    regimeTva: 'reel',
    tvaIntracommunautaire: frenchVatNumber(SIREN),
  });
  const client = await newClient(t, seller.token);
  const quote = await createQuote(t, seller.token, client._id, {
    lignes: [
      { description: 'Pose', quantite: 2, prixUnitaire: 500, tauxTVA: 20 },
      { description: 'Isolation', quantite: 10, prixUnitaire: 25, tauxTVA: '5,5' },
    ],
  });
  expect(quote.montantTTC).toBe(1463.75);
  await acceptOffPlatform(t, seller.token, quote._id);
  return { seller, client, quote };
}

describe('deposits', () => {
  it('needs an accepted quote', async () => {
    const seller = await issuer(t);
    const client = await newClient(t, seller.token);
    const quote = await createQuote(t, seller.token, client._id);
    for (const url of [`/devis/${quote._id}/acompte`, `/devis/${quote._id}/facturer`]) {
      const res = await call(t, seller.token, 'POST', url, { pourcentage: 30 });
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toEqual({ errorType: 'quote_not_accepted', message: QUOTE_MESSAGES.notAccepted });
    }
  });

  it('invoices a share of a franchise quote in the FAC series, with the franchise mention', async () => {
    const { seller, quote } = await acceptedFranchiseQuote();
    const invoice = await depositInvoice(t, seller.token, quote._id, { pourcentage: 30 });
    expect(invoice).toMatchObject({
      type: 'acompte',
      numero: fac(1),
      statut: 'creee',
      devis: { _id: quote._id, numero: quote.numero },
      lignes: [
        {
          description: `Acompte de 30 % sur le devis ${quote.numero}`,
          quantite: 1,
          prixUnitaire: 300,
          tauxTVA: 0,
        },
      ],
      montantHT: 300,
      montantTVA: 0,
      montantTTC: 300,
      categorieTVA: 'E',
      mentionTVA: FRANCHISE_TVA_MENTION,
      client: { _id: quote.client._id },
    });
    const byAmount = await depositInvoice(t, seller.token, quote._id, { montant: '99,99' });
    expect(byAmount).toMatchObject({
      numero: fac(2),
      lignes: [{ description: `Acompte sur le devis ${quote.numero}`, prixUnitaire: 99.99 }],
      montantTTC: 99.99,
    });
    const read = (await call(t, seller.token, 'GET', `/devis/${quote._id}`)).json<Quote>();
    expect(read.acomptes.map((a) => a.numero)).toEqual([fac(1), fac(2)]);
    expect(read.montantAcomptes).toBe(399.99);
  });

  it('splits a deposit over the quote’s VAT rates in proportion, to the cent', async () => {
    const { seller, quote } = await acceptedMixedQuote();
    const share = await depositInvoice(t, seller.token, quote._id, { pourcentage: 30 });
    // 30 % of each rate's base: 300 € at 20 % and 75 € at 5,5 %.
    expect(share).toMatchObject({
      lignes: [
        {
          description: `Acompte de 30 % sur le devis ${quote.numero} (TVA 20 %)`,
          prixUnitaire: 300,
          tauxTVA: 20,
        },
        {
          description: `Acompte de 30 % sur le devis ${quote.numero} (TVA 5,5 %)`,
          prixUnitaire: 75,
          tauxTVA: 5.5,
        },
      ],
      montantHT: 375,
      montantTVA: 64.13,
      montantTTC: 439.13,
      ventilationTVA: [
        { taux: 20, baseHT: 300, montantTVA: 60 },
        { taux: 5.5, baseHT: 75, montantTVA: 4.13 },
      ],
      categorieTVA: 'S',
    });
    const amount = await depositInvoice(t, seller.token, quote._id, { montant: '1 000,00' });
    expect(amount.montantTTC).toBe(1000);
    expect(amount.lignes.map((l) => l.tauxTVA)).toEqual([20, 5.5]);
  });

  it('never lets the deposits exceed the quote', async () => {
    const { seller, quote } = await acceptedFranchiseQuote();
    await depositInvoice(t, seller.token, quote._id, { pourcentage: 60 });
    const over = await deposit(t, seller.token, quote._id, { pourcentage: 50 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      errorType: 'deposit_exceeds_quote',
      message: DOCUMENT_MESSAGES.depositExceedsQuote,
    });
    const overAmount = await deposit(t, seller.token, quote._id, { montant: 400.01 });
    expect(overAmount.statusCode).toBe(409);
    const rest = await depositInvoice(t, seller.token, quote._id, { montant: 400 });
    expect(rest.montantTTC).toBe(400);
    for (const body of [
      {},
      { pourcentage: 0 },
      { pourcentage: 30, montant: 10 },
      { montant: 'beaucoup' },
      { montant: 0 },
    ]) {
      const res = await deposit(t, seller.token, quote._id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errorType).toBe('validation_error');
    }
  });

  it('gives back the room of a cancelled deposit', async () => {
    const { seller, quote } = await acceptedFranchiseQuote();
    const first = await depositInvoice(t, seller.token, quote._id, { pourcentage: 100 });
    expect((await call(t, seller.token, 'DELETE', `/factures/${first._id}`)).statusCode).toBe(204);
    const again = await depositInvoice(t, seller.token, quote._id, { pourcentage: 100 });
    expect(again.numero).toBe(fac(2));
    const read = (await call(t, seller.token, 'GET', `/devis/${quote._id}`)).json<Quote>();
    expect(read.acomptes.map((a) => a.numero)).toEqual([fac(2)]);
  });

  it('gives back the room a credit note takes from a deposit, and the final invoice deducts the net', async () => {
    const { seller, quote } = await acceptedFranchiseQuote();
    const first = await depositInvoice(t, seller.token, quote._id, { pourcentage: 50 });
    expect((await markInvoiceSent(t, seller.token, first._id)).statusCode).toBe(200);
    const credit = await creditInvoice(t, seller.token, first._id, {
      motif: 'Acompte trop élevé',
      lignes: [{ description: 'Réduction de l’acompte', quantite: 1, prixUnitaire: 200 }],
    });
    expect(credit.statusCode, credit.body).toBe(201);
    // 500 € less 200 € credited: 700 € of room, not 500 €.
    await depositInvoice(t, seller.token, quote._id, { montant: 700 });
    const over = await deposit(t, seller.token, quote._id, { montant: 0.01 });
    expect(over.json().errorType).toBe('deposit_exceeds_quote');
    const read = (await call(t, seller.token, 'GET', `/devis/${quote._id}`)).json<Quote>();
    expect(read.montantAcomptes).toBe(1000);
    const final = (await call(t, seller.token, 'POST', `/devis/${quote._id}/facturer`)).json<Invoice>();
    expect(final).toMatchObject({ montantTTC: 1000, montantAcomptes: 1000, netAPayer: 0 });
  });

  it('counts against the free plan’s monthly invoices', async () => {
    const { seller, quote } = await acceptedFranchiseQuote({ plan: 'gratuit', limiteFactures: 1 });
    await depositInvoice(t, seller.token, quote._id, { pourcentage: 10 });
    const refused = await deposit(t, seller.token, quote._id, { pourcentage: 10 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorType).toBe('quota_exceeded');
  });
});

describe('the final invoice', () => {
  it('takes the quote’s lines, deducts the deposits, and invoices the quote once', async () => {
    const { seller, quote } = await acceptedMixedQuote();
    const first = await depositInvoice(t, seller.token, quote._id, { pourcentage: 30 });
    const cancelled = await depositInvoice(t, seller.token, quote._id, { montant: 100 });
    await call(t, seller.token, 'DELETE', `/factures/${cancelled._id}`);
    const second = await depositInvoice(t, seller.token, quote._id, { montant: 200 });
    const res = await call(t, seller.token, 'POST', `/devis/${quote._id}/facturer`);
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json<Invoice>();
    expect(invoice).toMatchObject({
      type: 'facture',
      numero: fac(4),
      devis: { _id: quote._id, numero: quote.numero },
      lignes: quote.lignes,
      montantHT: quote.montantHT,
      montantTVA: quote.montantTVA,
      montantTTC: 1463.75,
      acomptes: [
        { _id: first._id, numero: first.numero, dateEmission: first.dateEmission, montantTTC: 439.13 },
        { _id: second._id, numero: second.numero, dateEmission: second.dateEmission, montantTTC: 200 },
      ],
      montantAcomptes: 639.13,
      netAPayer: 824.62,
    });
    const read = (await call(t, seller.token, 'GET', `/devis/${quote._id}`)).json<Quote>();
    expect(read).toMatchObject({
      statut: 'facturee',
      verrouille: true,
      factureFinale: { _id: invoice._id, numero: invoice.numero },
      montantAcomptes: 639.13,
    });
    for (const [url, body] of [
      [`/devis/${quote._id}/facturer`, undefined],
      [`/devis/${quote._id}/acompte`, { pourcentage: 1 }],
    ] as const) {
      const again = await call(t, seller.token, 'POST', url, body);
      expect(again.statusCode, url).toBe(409);
      expect(again.json()).toEqual({
        errorType: 'quote_already_invoiced',
        message: QUOTE_MESSAGES.alreadyInvoiced,
      });
    }
    // Invoices, deposits and the final invoice share one continuous series.
    const list = async (query: string) =>
      (await call(t, seller.token, 'GET', `/factures${query}`)).json<Invoice[]>().map((i) => i.numero);
    const register = [...(await list('')), ...(await list('?status=annulee'))];
    expect(register.sort()).toEqual([fac(1), fac(2), fac(3), fac(4)]);
  });

  it('without deposits, is due in full', async () => {
    const { seller, quote } = await acceptedFranchiseQuote();
    const res = await call(t, seller.token, 'POST', `/devis/${quote._id}/facturer`);
    expect(res.json<Invoice>()).toMatchObject({
      montantTTC: 1000,
      acomptes: [],
      montantAcomptes: 0,
      netAPayer: 1000,
    });
  });
});
