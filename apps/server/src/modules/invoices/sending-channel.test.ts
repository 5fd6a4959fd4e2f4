import type { Invoice } from '@facturo/shared';
import { MESSAGES } from '@facturo/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, notifications } from '../../db/schema.js';
import { createClient, signedInUser, uniqueSiret } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { creditInvoice } from '../../test/invoice-requests.js';
import { waitForMail } from '../../test/outbox.js';
import { invoiceOf, saleOnPlatform } from '../payments/payments-test-kit.js';

/**
 * « Émise » and its channel, written where they happen: every issuing path sets issued_at once and keeps
 * the first channel; once through the approved platform, no sending on Facturo (nor the reverse), an
 * e-mail being a labelled copy; the recipient's first opening reads « Vue » on the issuer's side.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

async function lifeOf(id: string) {
  const [row] = await t.database.db
    .select({ issuedAt: invoices.issuedAt, channel: invoices.channel, viewedAt: invoices.viewedAt })
    .from(invoices)
    .where(eq(invoices.id, id));
  return row;
}

async function businessInvoice(token: string) {
  const client = await createClient(t, token, {
    nom: 'Atelier Dupont SARL',
    type: 'entreprise',
    siret: uniqueSiret(),
    email: `atelier-${uniqueSiret()}@example.com`,
  });
  const res = await t.request({
    method: 'POST',
    url: '/api/factures',
    token,
    body: {
      client: client._id,
      delaiPaiement: 30,
      lignes: [{ description: 'Développement', quantite: 1, prixUnitaire: 300 }],
      tauxTVA: 0,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Invoice>();
}

const post = (token: string, url: string, body?: object) =>
  t.request({ method: 'POST', url: `/api${url}`, token, ...(body ? { body } : {}) });
const byEmail = (token: string, id: string, to = 'compta@example.com') =>
  post(token, `/factures/${id}/send-email`, { to, subject: 'Votre facture', message: 'Bonjour,' });
const markSent = (token: string, id: string, statutEmetteur: 'envoyee' | 'payee') =>
  t.request({ method: 'PUT', url: `/api/factures/${id}/statut-emetteur`, token, body: { statutEmetteur } });

describe('« Émise » and its channel', () => {
  it('is set once by the first e-mail, and a later sending on Facturo keeps the first channel', async () => {
    const { issuer, invoice } = await saleOnPlatform(t, 50, false);
    expect((await lifeOf(invoice._id))?.issuedAt).toBeNull();
    expect((await byEmail(issuer.token, invoice._id)).statusCode).toBe(200);
    const first = await lifeOf(invoice._id);
    expect(first).toMatchObject({ channel: 'email', issuedAt: expect.any(Date) });
    t.clock.advance(60_000);
    expect((await post(issuer.token, `/factures/${invoice._id}/send-internal`)).statusCode).toBe(200);
    expect((await byEmail(issuer.token, invoice._id)).statusCode).toBe(200);
    expect(await lifeOf(invoice._id)).toMatchObject({ channel: 'email', issuedAt: first?.issuedAt });
    t.clock.reset();
  });

  it('records « facturo » for a sending to a Facturo account', async () => {
    const { invoice } = await saleOnPlatform(t, 50);
    expect(await lifeOf(invoice._id)).toMatchObject({ channel: 'facturo', issuedAt: expect.any(Date) });
  });

  it('records « marquee » when marked sent by hand, « paiement » when paid before any sending', async () => {
    const marked = await saleOnPlatform(t, 50, false);
    expect((await markSent(marked.issuer.token, marked.invoice._id, 'envoyee')).statusCode).toBe(200);
    const first = await lifeOf(marked.invoice._id);
    expect(first).toMatchObject({ channel: 'marquee', issuedAt: expect.any(Date) });
    expect(
      (await post(marked.issuer.token, `/factures/${marked.invoice._id}/send-internal`)).statusCode,
    ).toBe(200);
    expect(await lifeOf(marked.invoice._id)).toEqual(first);

    const paid = await saleOnPlatform(t, 50, false);
    expect((await markSent(paid.issuer.token, paid.invoice._id, 'payee')).statusCode).toBe(200);
    expect(await lifeOf(paid.invoice._id)).toMatchObject({ channel: 'paiement', issuedAt: expect.any(Date) });
  });

  it('issues a credit note at its creation: « facturo » when it reaches an account, else no channel', async () => {
    const onPlatform = await saleOnPlatform(t, 80);
    const credit = await creditInvoice(t, onPlatform.issuer.token, onPlatform.invoice._id, {
      motif: 'Erreur',
    });
    expect(credit.statusCode, credit.body).toBe(201);
    expect(await lifeOf(credit.json<Invoice>()._id)).toMatchObject({
      channel: 'facturo',
      issuedAt: expect.any(Date),
    });

    const mailed = await saleOnPlatform(t, 80, false);
    expect((await byEmail(mailed.issuer.token, mailed.invoice._id)).statusCode).toBe(200);
    const mailedCredit = await creditInvoice(t, mailed.issuer.token, mailed.invoice._id, { motif: 'Erreur' });
    expect(mailedCredit.statusCode, mailedCredit.body).toBe(201);
    expect(await lifeOf(mailedCredit.json<Invoice>()._id)).toMatchObject({
      channel: null,
      issuedAt: expect.any(Date),
    });
  });
});

describe('One channel once through the approved platform', () => {
  it('refuses Facturo after the platform, and e-mails only a labelled copy', async () => {
    const { token } = await signedInUser(t);
    const invoice = await businessInvoice(token);
    const sent = await post(token, `/factures/${invoice._id}/plateforme-agreee`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await lifeOf(invoice._id)).toMatchObject({ channel: 'plateforme_agreee' });

    const internal = await post(token, `/factures/${invoice._id}/send-internal`);
    expect(internal.statusCode).toBe(409);
    expect(internal.json()).toEqual({
      errorType: 'already_sent_via_approved_platform',
      message: MESSAGES.alreadySentViaApprovedPlatform,
    });

    const to = `copie-${uniqueSiret()}@example.com`;
    expect((await byEmail(token, invoice._id, to)).statusCode).toBe(200);
    const mail = await waitForMail(t.outboxDir, to, 'Copie');
    expect(mail.subject).toBe('Copie — Votre facture');
    expect(mail.text).toContain('transmise via la plateforme agréée');
    expect(await lifeOf(invoice._id)).toMatchObject({ channel: 'plateforme_agreee' });
  });

  it('refuses the platform after Facturo, and says so in the lifecycle', async () => {
    const { token } = await signedInUser(t);
    const invoice = await businessInvoice(token);
    expect((await post(token, `/factures/${invoice._id}/send-internal`)).statusCode).toBe(200);
    const platform = await post(token, `/factures/${invoice._id}/plateforme-agreee`);
    expect(platform.statusCode).toBe(409);
    expect(platform.json()).toEqual({
      errorType: 'already_sent_on_facturo',
      message: MESSAGES.alreadySentOnFacturo,
    });
    const lifecycle = await t.request({
      method: 'GET',
      url: `/api/factures/${invoice._id}/cycle-de-vie`,
      token,
    });
    expect(lifecycle.json()).toMatchObject({ envoyable: false, motif: MESSAGES.alreadySentOnFacturo });
    expect(await lifeOf(invoice._id)).toMatchObject({ channel: 'facturo' });
  });
});

describe('« Vue » for the issuer', () => {
  it('is recorded at the recipient’s first opening, told to the issuer once', async () => {
    const { issuer, recipient, invoice } = await saleOnPlatform(t, 60);
    expect((await invoiceOf(t, issuer.token, invoice._id)).cycle.vue).toBe(false);
    await invoiceOf(t, recipient.token, invoice._id);
    await invoiceOf(t, recipient.token, invoice._id);
    expect((await invoiceOf(t, issuer.token, invoice._id)).cycle).toMatchObject({ vue: true, etat: 'vue' });
    const told = await t.database.db
      .select({ titre: notifications.titre })
      .from(notifications)
      .where(and(eq(notifications.userId, issuer.id), eq(notifications.kind, 'facture_vue')));
    expect(told).toEqual([{ titre: `Facture ${invoice.numero} vue par Jeanne Martin` }]);
  });
});
