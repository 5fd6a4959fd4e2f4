import { randomUUID } from 'node:crypto';
import {
  type Client,
  FRANCHISE_EXPLANATIONS,
  type FranchiseStatus,
  franchiseThresholds,
  frenchVatNumber,
  type Invoice,
  type IssuerStatus,
} from '@facturo/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parisDate } from '../../lib/paris-date.js';
import { signedInUser, uniqueEmail } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { creditInvoice, markInvoiceSent } from '../../test/invoice-requests.js';
import { invoiceRow } from '../../test/invoice-row.js';
import { insertInvoice } from '../invoices/invoices.repo.js';
import {
  acceptOffPlatform,
  call,
  createQuote,
  depositInvoice,
  issuer,
  newClient,
} from '../quotes/quote-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
afterEach(() => t.clock.reset());

const thisYear = () => Number(parisDate(t.clock.now()).slice(0, 4));

async function professional(values: Parameters<typeof signedInUser>[1] = {}) {
  const pro = await signedInUser(t, {
    adresse: '5 quai Rive',
    codePostal: '13002',
    ville: 'Marseille',
    ...values,
  });
  const client = await t.request({
    method: 'POST',
    url: '/api/clients',
    token: pro.token,
    body: {
      nom: 'Boulangerie',
      email: uniqueEmail('client'),
      adresse: { rue: '1 rue Haute', codePostal: '44000', ville: 'Nantes' },
    },
  });
  expect(client.statusCode, client.body).toBe(201);
  return { ...pro, clientId: client.json<Client>()._id };
}

let sequence = 0;
/**
 * An issued invoice of this amount excluding VAT, written straight to the database: these tests are about
 * what counts towards the thresholds (year, status, issuer), not about writing invoices. `issued: false`
 * leaves it numbered but never sent (« émise » is issued_at, DESIGN §5); drafts and cancelled ones never are.
 */
async function invoiceOf(
  issuer: { user: { _id: string }; clientId: string },
  euros: number,
  {
    dateEmission = `${thisYear()}-03-15`,
    issuerStatus = 'envoyee',
    issued,
  }: { dateEmission?: string; issuerStatus?: IssuerStatus; issued?: boolean } = {},
) {
  const isIssued = issued ?? (issuerStatus !== 'brouillon' && issuerStatus !== 'annulee');
  const cents = euros * 100;
  sequence += 1;
  await insertInvoice(
    t.database.db,
    invoiceRow({
      id: randomUUID(),
      issuerId: issuer.user._id,
      clientId: issuer.clientId,
      numero: `FAC-${dateEmission.slice(0, 4)}-${String(sequence).padStart(4, '0')}`,
      year: Number(dateEmission.slice(0, 4)),
      sequence,
      dateEmission,
      dateEcheance: dateEmission,
      issuerStatus,
      issuedAt: isIssued ? new Date(`${dateEmission}T12:00:00Z`) : null,
      lines: [
        { description: 'Prestation', quantityThousandths: 1000, unitPriceCents: cents, totalCents: cents },
      ],
      totalHtCents: cents,
      totalTtcCents: cents,
    }),
  );
}

async function franchiseOf(token: string): Promise<FranchiseStatus> {
  const res = await t.request({ method: 'GET', url: '/api/users/me/franchise', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FranchiseStatus>();
}

describe('GET /api/users/me/franchise', () => {
  it('starts at zero against the services thresholds of the year, with their source', async () => {
    const { token } = await professional();
    const thresholds = franchiseThresholds(thisYear());
    expect(await franchiseOf(token)).toEqual({
      annee: thisYear(),
      chiffreAffairesHT: 0,
      seuil: thresholds.servicesCents / 100,
      seuilMajore: thresholds.servicesMajoreCents / 100,
      ratio: 0,
      niveau: 'ok',
      explication: FRANCHISE_EXPLANATIONS.ok,
      source: thresholds.source,
      enFranchise: true,
    });
  });

  it('warns from 80 %, then past the threshold, then past the higher one', async () => {
    const issuer = await professional();
    const { seuil, seuilMajore } = await franchiseOf(issuer.token);
    expect([seuil, seuilMajore]).toEqual([37_500, 41_250]);

    await invoiceOf(issuer, 29_999);
    expect(await franchiseOf(issuer.token)).toMatchObject({ chiffreAffairesHT: 29_999, niveau: 'ok' });
    await invoiceOf(issuer, 1, { dateEmission: `${thisYear()}-12-31` });
    expect(await franchiseOf(issuer.token)).toMatchObject({
      chiffreAffairesHT: 30_000,
      ratio: 0.8,
      niveau: 'alerte',
      explication: FRANCHISE_EXPLANATIONS.alerte,
    });

    await invoiceOf(issuer, 7_500, { issuerStatus: 'payee' });
    expect(await franchiseOf(issuer.token)).toMatchObject({ chiffreAffairesHT: 37_500, niveau: 'alerte' });
    await invoiceOf(issuer, 1, { issuerStatus: 'envoyee' });
    expect(await franchiseOf(issuer.token)).toMatchObject({
      chiffreAffairesHT: 37_501,
      niveau: 'depasse',
      explication: FRANCHISE_EXPLANATIONS.depasse,
    });

    await invoiceOf(issuer, 3_750);
    expect(await franchiseOf(issuer.token)).toMatchObject({
      chiffreAffairesHT: 41_251,
      niveau: 'depasse_majore',
    });
    expect((await franchiseOf(issuer.token)).ratio).toBeCloseTo(1.1, 3);
  });

  it('leaves out unsent, drafts, cancelled invoices, other years and other issuers', async () => {
    const issuer = await professional();
    const other = await professional();
    await invoiceOf(issuer, 1_000);
    await invoiceOf(issuer, 50_000, { issuerStatus: 'creee', issued: false });
    await invoiceOf(issuer, 50_000, { issuerStatus: 'brouillon' });
    await invoiceOf(issuer, 50_000, { issuerStatus: 'annulee' });
    await invoiceOf(issuer, 50_000, { dateEmission: `${thisYear() - 1}-12-31` });
    await invoiceOf(issuer, 50_000, { dateEmission: `${thisYear() + 1}-01-01` });
    await invoiceOf(other, 50_000);
    expect(await franchiseOf(issuer.token)).toMatchObject({ chiffreAffairesHT: 1_000, niveau: 'ok' });
    expect(await franchiseOf(other.token)).toMatchObject({
      chiffreAffairesHT: 50_000,
      niveau: 'depasse_majore',
    });
  });

  it('counts a sale once: deposits, then the final invoice’s rest; credit notes take their amount away', async () => {
    const seller = await issuer(t);
    const client = await newClient(t, seller.token);
    const quote = await createQuote(t, seller.token, client._id, {
      lignes: [{ description: 'Cuisine', quantite: 1, prixUnitaire: 1000 }],
    });
    await acceptOffPlatform(t, seller.token, quote._id);
    const revenue = async () => (await franchiseOf(seller.token)).chiffreAffairesHT;

    const first = await depositInvoice(t, seller.token, quote._id, { pourcentage: 30 });
    // Numbered but not yet sent: not issued, so not invoiced (DESIGN §5).
    expect(await revenue()).toBe(0);
    expect((await markInvoiceSent(t, seller.token, first._id)).statusCode).toBe(200);
    expect(await revenue()).toBe(300);
    const partial = { motif: 'Remise', lignes: [{ description: 'Remise', quantite: 1, prixUnitaire: 100 }] };
    expect((await creditInvoice(t, seller.token, first._id, partial)).statusCode).toBe(201);
    expect(await revenue()).toBe(200);

    // The final invoice says 1 000 € and deducts the 200 € of deposits left: the year counts 1 000 €.
    const final = await call(t, seller.token, 'POST', `/devis/${quote._id}/facturer`, {});
    expect(final.statusCode, final.body).toBe(201);
    expect(final.json<Invoice>()).toMatchObject({ montantHT: 1000, montantAcomptes: 200, netAPayer: 800 });
    expect(await revenue()).toBe(200);

    const finalId = final.json<Invoice>()._id;
    expect((await markInvoiceSent(t, seller.token, finalId)).statusCode).toBe(200);
    expect(await revenue()).toBe(1000);
    const refund = {
      motif: 'Geste commercial',
      lignes: [{ description: 'Geste', quantite: 1, prixUnitaire: 50 }],
    };
    expect((await creditInvoice(t, seller.token, finalId, refund)).statusCode).toBe(201);
    expect(await revenue()).toBe(950);
  });

  it('measures a seller of goods against the goods thresholds', async () => {
    const issuer = await professional();
    const saved = await t.request({
      method: 'PUT',
      url: '/api/mentions-legales',
      token: issuer.token,
      body: { natureOperation: 'biens' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await invoiceOf(issuer, 41_251);
    expect(await franchiseOf(issuer.token)).toMatchObject({
      seuil: 85_000,
      seuilMajore: 93_500,
      niveau: 'ok',
    });
  });

  it('takes the year in Paris: at 00:30 on 1 January there, last year’s invoices no longer count', async () => {
    t.clock.set(new Date('2026-12-31T23:30:00Z'));
    const issuer = await professional();
    await invoiceOf(issuer, 30_000, { dateEmission: '2026-12-31' });
    await invoiceOf(issuer, 100, { dateEmission: '2027-01-01' });
    expect(await franchiseOf(issuer.token)).toMatchObject({ annee: 2027, chiffreAffairesHT: 100 });
  });

  it('says whether the professional is still under the franchise', async () => {
    const issuer = await professional({ siret: '55210055400021' });
    const reel = await t.request({
      method: 'PUT',
      url: '/api/users/me',
      token: issuer.token,
      body: { regimeTva: 'reel', tvaIntracommunautaire: frenchVatNumber('552100554') },
    });
    expect(reel.statusCode, reel.body).toBe(200);
    expect((await franchiseOf(issuer.token)).enFranchise).toBe(false);
  });

  it('is for professionals only', async () => {
    const { token } = await signedInUser(t, { role: 'particulier', siret: null });
    const res = await t.request({ method: 'GET', url: '/api/users/me/franchise', token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorType: 'requires_upgrade', requiresUpgrade: true });
    expect((await t.request({ method: 'GET', url: '/api/users/me/franchise' })).statusCode).toBe(401);
  });
});
