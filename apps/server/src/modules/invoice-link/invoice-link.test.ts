import {
  INVOICE_LINK_MESSAGES,
  type Invoice,
  type InvoiceLink,
  type InvoiceLinkAccountResponse,
  PASSWORD_POLICY_MESSAGE,
} from '@facturo/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invoices, users } from '../../db/schema.js';
import { clientWithInvoice, STRONG_PASSWORD, signedInUser, uniqueEmail } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { linkIn, type OutboxMail, waitForMail } from '../../test/outbox.js';
import { InvoiceLinks } from './invoice-link-token.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
afterEach(() => t.clock.reset());

const IBAN = 'FR1420041010050500013M02606';
const BIC = 'PSSTFRPPLIL';

/** « 15/12/2026 » for a YYYY-MM-DD day. */
const frenchDay = (day: string) => day.split('-').reverse().join('/');

const tokenIn = (mail: OutboxMail) =>
  new URL(linkIn(mail, '/facture-en-ligne/')).pathname.split('/').at(-1) ?? '';

const open = (token: string) => t.request({ method: 'GET', url: `/api/facture-en-ligne/${token}` });
const pdf = (token: string) => t.request({ method: 'GET', url: `/api/facture-en-ligne/${token}/pdf` });
const createAccount = (token: string, values: Record<string, unknown> = {}) =>
  t.request({
    method: 'POST',
    url: `/api/facture-en-ligne/${token}/compte`,
    body: { prenom: 'Inès', nom: 'Durand', password: STRONG_PASSWORD, accepteConditions: true, ...values },
  });

/** An issuer with bank details, and an invoice of 180 € sent on the platform to an address without an account. */
async function sentToNewAddress() {
  const issuer = await signedInUser(t, { prenom: 'Paul', nom: 'Martin', iban: IBAN, bic: BIC });
  const { client, invoice } = await clientWithInvoice(t, issuer.token, { prixUnitaire: 180 });
  const sent = await t.request({
    method: 'POST',
    url: `/api/factures/${invoice._id}/send-internal`,
    token: issuer.token,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const mail = await waitForMail(t.outboxDir, client.email, `Vous avez reçu la facture ${invoice.numero}`);
  return { issuer, client, invoice, mail, token: tokenIn(mail) };
}

const viewedAt = async (id: string) =>
  (await t.database.db.select({ at: invoices.viewedAt }).from(invoices).where(eq(invoices.id, id)))[0]?.at;

describe('the invoice e-mailed to an address without an account', () => {
  it('states the amount and due date, carries the signed link, speaks of no password, and creates nobody', async () => {
    const { issuer, client, invoice, mail } = await sentToNewAddress();
    expect(mail.text).toContain('Paul Martin vous a envoyé la facture');
    expect(mail.text).toContain('Montant TTC : 180,00');
    expect(mail.text).toContain(`au plus tard le ${frenchDay(invoice.dateEcheance)}`);
    expect(linkIn(mail, '/facture-en-ligne/').startsWith(`${t.config.appUrl}/facture-en-ligne/`)).toBe(true);
    expect(mail.text).not.toMatch(/oublié|mot de passe/i);
    expect(await t.database.db.select().from(users).where(eq(users.email, client.email))).toEqual([]);

    // The professional's own e-mail carries the link too, with the amount and due date.
    const to = uniqueEmail('compta');
    const byEmail = await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/send-email`,
      token: issuer.token,
      body: { to, subject: 'Votre facture', message: 'Bonjour,\n\nVoici la facture.' },
    });
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    const copy = await waitForMail(t.outboxDir, to, 'Votre facture');
    expect(copy.text).toContain('Montant TTC : 180,00');
    const linked = await open(tokenIn(copy));
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json<InvoiceLink>().email).toBe(to);
  });

  it('shows the invoice as its recipient sees it, with the payment details, and records the view once', async () => {
    const { client, invoice, token } = await sentToNewAddress();
    expect(await viewedAt(invoice._id)).toBeNull();
    const shown = await open(token);
    expect(shown.statusCode, shown.body).toBe(200);
    const body = shown.json<InvoiceLink>();
    expect(body).toMatchObject({
      email: client.email,
      compteExistant: false,
      paiement: { iban: IBAN, bic: BIC, reference: invoice.numero },
      facture: {
        _id: invoice._id,
        numero: invoice.numero,
        role: 'destinataire',
        montantTTC: 180,
        statutEmetteur: null,
        cycle: { emise: true, vue: true },
      },
    });
    const first = await viewedAt(invoice._id);
    expect(first).toBeInstanceOf(Date);

    t.clock.advance(3_600_000);
    expect((await open(token)).statusCode).toBe(200);
    expect(await viewedAt(invoice._id)).toEqual(first);
  });

  it('serves the issued original, byte for byte', async () => {
    const { issuer, invoice, token } = await sentToNewAddress();
    const linked = await pdf(token);
    expect(linked.statusCode).toBe(200);
    expect(linked.headers['content-type']).toBe('application/pdf');
    const original = await t.request({
      method: 'GET',
      url: `/api/factures/${invoice._id}/pdf`,
      token: issuer.token,
    });
    expect(linked.rawPayload.equals(original.rawPayload)).toBe(true);
    expect(linked.headers.etag).toBe(original.headers.etag);
  });

  it('answers one French 404 to a forged, altered or dead link, and to a draft', async () => {
    const { issuer, client, invoice, token } = await sentToNewAddress();
    const [head, payload, signature] = token.split('.');
    const forged = new InvoiceLinks('un-autre-secret-tout-aussi-long-pour-hs256-98765').sign({
      invoiceId: invoice._id,
      email: client.email,
    });
    const otherEmail = Buffer.from(JSON.stringify({ sub: invoice._id, email: 'autre@exemple.fr' })).toString(
      'base64url',
    );
    const { invoice: draft } = await clientWithInvoice(t, issuer.token);
    const links = new InvoiceLinks(t.config.jwtSecret);
    const bad = [
      forged,
      `${head}.${otherEmail}.${signature}`,
      `${head}.${payload}.${signature?.slice(0, -2)}AA`,
      'pas-un-jeton',
      links.sign({ invoiceId: draft._id, email: client.email }),
      links.sign({ invoiceId: '00000000-0000-4000-8000-000000000000', email: client.email }),
    ];
    for (const wrong of bad) {
      for (const res of [await open(wrong), await pdf(wrong), await createAccount(wrong)]) {
        expect(res.statusCode, `${wrong}: ${res.body}`).toBe(404);
        expect(res.json()).toEqual({
          errorType: 'invoice_link_not_found',
          message: INVOICE_LINK_MESSAGES.notFound,
        });
      }
    }
    // The real link still works.
    expect((await open(token)).statusCode).toBe(200);
  });
});

describe('the account offered on the link', () => {
  it('exists only once the terms are accepted, then holds this and every other invoice sent to the address', async () => {
    const { issuer, client, invoice, token } = await sentToNewAddress();
    // A second invoice to the same client, sent before the account exists.
    const second = await t.request({
      method: 'POST',
      url: '/api/factures',
      token: issuer.token,
      body: {
        client: client._id,
        delaiPaiement: 30,
        lignes: [{ description: 'Suivi', quantite: 1, prixUnitaire: 40 }],
      },
    });
    expect(second.statusCode, second.body).toBe(201);
    const secondId = second.json<Invoice>()._id;
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/factures/${secondId}/send-internal`,
          token: issuer.token,
        })
      ).statusCode,
    ).toBe(200);

    const noConsent = await createAccount(token, { accepteConditions: false });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json()).toMatchObject({
      errorType: 'validation_error',
      message: INVOICE_LINK_MESSAGES.consentRequired,
    });
    const missingConsent = await t.request({
      method: 'POST',
      url: `/api/facture-en-ligne/${token}/compte`,
      body: { prenom: 'Inès', nom: 'Durand', password: STRONG_PASSWORD },
    });
    expect(missingConsent.statusCode).toBe(400);
    const weak = await createAccount(token, { password: 'court' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ message: PASSWORD_POLICY_MESSAGE });
    expect(await t.database.db.select().from(users).where(eq(users.email, client.email))).toEqual([]);

    const created = await createAccount(token);
    expect(created.statusCode, created.body).toBe(200);
    const session = created.json<InvoiceLinkAccountResponse>();
    expect(session.factureId).toBe(invoice._id);
    expect(session.user).toMatchObject({
      email: client.email,
      prenom: 'Inès',
      nom: 'Durand',
      role: 'particulier',
      emailVerified: true,
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, client.email));
    expect(row?.termsAcceptedAt).toBeInstanceOf(Date);

    const received = await t.request({ method: 'GET', url: '/api/factures/received', token: session.token });
    expect(received.statusCode).toBe(200);
    expect(
      received
        .json<Invoice[]>()
        .map((one) => one._id)
        .sort(),
    ).toEqual([invoice._id, secondId].sort());
    const issuerSide = await t.request({
      method: 'GET',
      url: `/api/factures/${invoice._id}`,
      token: issuer.token,
    });
    expect(issuerSide.json<Invoice>().destinataire).toMatchObject({ email: client.email, prenom: 'Inès' });

    // The page now offers to sign in, and the account is not created twice.
    expect((await open(token)).json<InvoiceLink>().compteExistant).toBe(true);
    const again = await createAccount(token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      errorType: 'email_already_used',
      message: INVOICE_LINK_MESSAGES.accountExists,
    });
  });
});
