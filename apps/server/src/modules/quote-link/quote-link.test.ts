import {
  INVOICE_LINK_MESSAGES,
  type Invoice,
  PASSWORD_POLICY_MESSAGE,
  QUOTE_LINK_MESSAGES,
  type Quote,
  type QuoteLink,
  type QuoteLinkAccountResponse,
  type SendQuoteInternalResponse,
} from '@facturo/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotes, users } from '../../db/schema.js';
import { STRONG_PASSWORD, signedInUser, uniqueEmail } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { linkIn, type OutboxMail, waitForMail } from '../../test/outbox.js';
import { pdfPageText } from '../../test/pdf.js';
import { InvoiceLinks } from '../invoice-link/invoice-link-token.js';
import { call, createQuote, eventsOf, issuer, newClient } from '../quotes/quote-test-kit.js';
import { QuoteLinks } from './quote-link-token.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const tokenIn = (mail: OutboxMail) =>
  new URL(linkIn(mail, '/devis-en-ligne/')).pathname.split('/').at(-1) ?? '';

const open = (token: string) => t.request({ method: 'GET', url: `/api/devis-en-ligne/${token}` });
const pdf = (token: string) => t.request({ method: 'GET', url: `/api/devis-en-ligne/${token}/pdf` });
const createAccount = (token: string, values: Record<string, unknown> = {}) =>
  t.request({
    method: 'POST',
    url: `/api/devis-en-ligne/${token}/compte`,
    body: { prenom: 'Inès', nom: 'Durand', password: STRONG_PASSWORD, accepteConditions: true, ...values },
  });

const usersWith = (email: string) => t.database.db.select().from(users).where(eq(users.email, email));

/** A quote sent on Facturo to an address without an account, and the e-mail that carried its link. */
async function sentToNewAddress() {
  const seller = await issuer(t, { prenom: 'Nora', nom: 'Benali' });
  const email = uniqueEmail('prospect');
  const client = await newClient(t, seller.token, { email });
  const quote = await createQuote(t, seller.token, client._id, { objet: 'Cuisine' });
  const sent = await call(t, seller.token, 'POST', `/devis/${quote._id}/send-internal`);
  expect(sent.statusCode, sent.body).toBe(200);
  const mail = await waitForMail(t.outboxDir, email, `Vous avez reçu le devis ${quote.numero}`);
  return {
    seller,
    client,
    quote,
    email,
    sent: sent.json<SendQuoteInternalResponse>(),
    mail,
    token: tokenIn(mail),
  };
}

describe('a quote sent on Facturo to an address without an account', () => {
  it('creates nobody, leaves the quote without a recipient, and e-mails its signed link', async () => {
    const { seller, quote, email, sent, mail } = await sentToNewAddress();
    expect(sent).toMatchObject({
      statut: 'envoyee',
      statutDestinataire: null,
      destinataire: null,
      dejaEnvoyee: false,
      invitationEnvoyee: true,
    });
    expect(await usersWith(email)).toEqual([]);
    const [row] = await t.database.db.select().from(quotes).where(eq(quotes.id, quote._id));
    expect(row?.recipientId).toBeNull();
    expect(mail.text).toContain(`Nora Benali vous a envoyé le devis ${quote.numero}`);
    expect(mail.text).toContain('Montant TTC :');
    expect(mail.text).toContain(`valable jusqu’au ${quote.dateValidite.split('-').reverse().join('/')}`);
    expect(mail.text).not.toMatch(/invitation|oublié|mot de passe/i);
    expect(linkIn(mail, '/devis-en-ligne/').startsWith(`${t.config.appUrl}/devis-en-ligne/`)).toBe(true);

    // Sending again e-mails the same link, and still creates nobody.
    const again = await call(t, seller.token, 'POST', `/devis/${quote._id}/send-internal`);
    expect(again.statusCode, again.body).toBe(200);
    expect(await usersWith(email)).toEqual([]);
  });

  it('shows the quote as its recipient sees it, and records « vue » for the issuer once', async () => {
    const { seller, client, quote, email, token } = await sentToNewAddress();
    const shown = await open(token);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json<QuoteLink>()).toMatchObject({
      email,
      compteExistant: false,
      devis: {
        _id: quote._id,
        type: 'devis',
        numero: quote.numero,
        role: 'destinataire',
        objet: 'Cuisine',
        dateValidite: quote.dateValidite,
        montantTTC: quote.montantTTC,
        lignes: quote.lignes,
        emetteur: { prenom: 'Nora', nom: 'Benali' },
        client: { nom: client.nom },
        statut: 'vue',
        statutEmetteur: 'envoyee',
        statutDestinataire: 'vue',
      },
    });
    const issuerSide = (await call(t, seller.token, 'GET', `/devis/${quote._id}`)).json<Quote>();
    expect(issuerSide).toMatchObject({ statut: 'envoyee', statutDestinataire: 'vue', destinataire: null });
    const seen = (await eventsOf(t, seller.id)).filter((e) => e.type === 'quote.status_changed');
    expect(seen).toEqual([
      {
        type: 'quote.status_changed',
        data: { devisId: quote._id, statutEmetteur: 'envoyee', statutDestinataire: 'vue' },
      },
    ]);
    expect((await open(token)).statusCode).toBe(200);
    expect((await eventsOf(t, seller.id)).filter((e) => e.type === 'quote.status_changed')).toHaveLength(1);
    // A second sending keeps the view the link recorded.
    await call(t, seller.token, 'POST', `/devis/${quote._id}/send-internal`);
    expect((await call(t, seller.token, 'GET', `/devis/${quote._id}`)).json<Quote>().statutDestinataire).toBe(
      'vue',
    );
  });

  it('serves the quote’s PDF', async () => {
    const { quote, token } = await sentToNewAddress();
    const res = await pdf(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${quote.numero}.pdf"`);
    const text = pdfPageText(res.rawPayload);
    expect(text).toContain('DEVIS');
    expect(text).toContain(quote.numero);
  });

  it('answers one French 404 to a forged, altered, other-use or dead link, and to a quote never sent', async () => {
    const { seller, client, quote, email, token } = await sentToNewAddress();
    const [head, payload, signature] = token.split('.');
    const otherEmail = Buffer.from(JSON.stringify({ sub: quote._id, email: 'autre@exemple.fr' })).toString(
      'base64url',
    );
    const links = new QuoteLinks(t.config.jwtSecret);
    const draft = await createQuote(t, seller.token, client._id);
    const bad = [
      new QuoteLinks('un-autre-secret-tout-aussi-long-pour-hs256-98765').sign({ quoteId: quote._id, email }),
      // The invoices' key, and a session: never a quote's link.
      new InvoiceLinks(t.config.jwtSecret).sign({ invoiceId: quote._id, email }),
      seller.token,
      `${head}.${otherEmail}.${signature}`,
      `${head}.${payload}.${signature?.slice(0, -2)}AA`,
      'pas-un-jeton',
      links.sign({ quoteId: draft._id, email }),
      links.sign({ quoteId: '00000000-0000-4000-8000-000000000000', email }),
    ];
    for (const wrong of bad) {
      for (const res of [await open(wrong), await pdf(wrong), await createAccount(wrong)]) {
        expect(res.statusCode, `${wrong}: ${res.body}`).toBe(404);
        expect(res.json()).toEqual({
          errorType: 'quote_link_not_found',
          message: QUOTE_LINK_MESSAGES.notFound,
        });
      }
    }
    expect(await usersWith(email)).toEqual([]);
    // A quote's link opens no invoice page, and no session.
    const asInvoice = await t.request({ method: 'GET', url: `/api/facture-en-ligne/${token}` });
    expect(asInvoice.statusCode).toBe(404);
    expect(asInvoice.json()).toMatchObject({ errorType: 'invoice_link_not_found' });
    const asSession = await t.request({ method: 'GET', url: '/api/users/me', token });
    expect(asSession.statusCode).toBe(401);
    // The real link still works.
    expect((await open(token)).statusCode).toBe(200);
  });
});

describe('the account offered on a quote’s link', () => {
  it('exists only once the terms are accepted, then holds this quote and every quote and invoice sent to the address', async () => {
    const { seller, client, quote, email, token } = await sentToNewAddress();
    // Before the account: a second quote on Facturo, and an invoice on Facturo, to the same address.
    const second = await createQuote(t, seller.token, client._id, { objet: 'Salle de bain' });
    expect((await call(t, seller.token, 'POST', `/devis/${second._id}/send-internal`)).statusCode).toBe(200);
    const invoice = await call(t, seller.token, 'POST', '/factures', {
      client: client._id,
      delaiPaiement: 30,
      lignes: [{ description: 'Étude', quantite: 1, prixUnitaire: 40 }],
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    const invoiceId = invoice.json<Invoice>()._id;
    expect((await call(t, seller.token, 'POST', `/factures/${invoiceId}/send-internal`)).statusCode).toBe(
      200,
    );
    // A quote never sent stays the issuer's alone.
    const draft = await createQuote(t, seller.token, client._id);

    const noConsent = await createAccount(token, { accepteConditions: false });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json()).toMatchObject({
      errorType: 'validation_error',
      message: INVOICE_LINK_MESSAGES.consentRequired,
    });
    const missingConsent = await t.request({
      method: 'POST',
      url: `/api/devis-en-ligne/${token}/compte`,
      body: { prenom: 'Inès', nom: 'Durand', password: STRONG_PASSWORD },
    });
    expect(missingConsent.statusCode).toBe(400);
    const weak = await createAccount(token, { password: 'court' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ message: PASSWORD_POLICY_MESSAGE });
    expect(await usersWith(email)).toEqual([]);

    const created = await createAccount(token);
    expect(created.statusCode, created.body).toBe(200);
    const session = created.json<QuoteLinkAccountResponse>();
    expect(session.devisId).toBe(quote._id);
    expect(session.user).toMatchObject({ email, prenom: 'Inès', role: 'particulier', emailVerified: true });
    const [row] = await usersWith(email);
    expect(row?.termsAcceptedAt).toBeInstanceOf(Date);

    const receivedQuotes = await call(t, session.token, 'GET', '/devis/received');
    expect(
      receivedQuotes
        .json<Quote[]>()
        .map((one) => one._id)
        .sort(),
    ).toEqual([quote._id, second._id].sort());
    expect(receivedQuotes.json<Quote[]>().map((one) => one._id)).not.toContain(draft._id);
    const receivedInvoices = await call(t, session.token, 'GET', '/factures/received');
    expect(receivedInvoices.json<Invoice[]>().map((one) => one._id)).toEqual([invoiceId]);
    // In the account, the quote can be answered; the issuer sees who it went to.
    const statuses = await call(t, session.token, 'GET', `/devis/${quote._id}/statuts`);
    expect(statuses.json()).toMatchObject({ peutRepondre: true });
    const issuerSide = (await call(t, seller.token, 'GET', `/devis/${quote._id}`)).json<Quote>();
    expect(issuerSide.destinataire).toMatchObject({ email, prenom: 'Inès' });

    // The page now offers to sign in, and the account is not created twice.
    expect((await open(token)).json<QuoteLink>().compteExistant).toBe(true);
    const again = await createAccount(token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      errorType: 'email_already_used',
      message: QUOTE_LINK_MESSAGES.accountExists,
    });
  });

  it('is also what an invoice’s link creates: that account receives the quotes waiting for the address', async () => {
    const seller = await issuer(t, { prenom: 'Nora', nom: 'Benali' });
    const email = uniqueEmail('prospect');
    const client = await newClient(t, seller.token, { email });
    const quote = await createQuote(t, seller.token, client._id);
    expect((await call(t, seller.token, 'POST', `/devis/${quote._id}/send-internal`)).statusCode).toBe(200);
    const invoice = await call(t, seller.token, 'POST', '/factures', {
      client: client._id,
      delaiPaiement: 30,
      lignes: [{ description: 'Étude', quantite: 1, prixUnitaire: 40 }],
    });
    const invoiceId = invoice.json<Invoice>()._id;
    expect((await call(t, seller.token, 'POST', `/factures/${invoiceId}/send-internal`)).statusCode).toBe(
      200,
    );
    const mail = await waitForMail(t.outboxDir, email, 'Vous avez reçu la facture');
    const invoiceToken = new URL(linkIn(mail, '/facture-en-ligne/')).pathname.split('/').at(-1) ?? '';
    const created = await t.request({
      method: 'POST',
      url: `/api/facture-en-ligne/${invoiceToken}/compte`,
      body: { prenom: 'Léa', nom: 'Roux', password: STRONG_PASSWORD, accepteConditions: true },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { token } = created.json<{ token: string }>();
    const received = await call(t, token, 'GET', '/devis/received');
    expect(received.json<Quote[]>().map((one) => one._id)).toEqual([quote._id]);
  });

  it('leaves an account that already exists to receive the quote as before', async () => {
    const seller = await issuer(t);
    const buyer = await signedInUser(t, { role: 'particulier', siret: null });
    const client = await newClient(t, seller.token, { email: buyer.user.email });
    const quote = await createQuote(t, seller.token, client._id);
    const sent = await call(t, seller.token, 'POST', `/devis/${quote._id}/send-internal`);
    expect(sent.json<SendQuoteInternalResponse>()).toMatchObject({
      invitationEnvoyee: false,
      statutDestinataire: 'non_vue',
      destinataire: { email: buyer.user.email },
    });
    const mail = await waitForMail(t.outboxDir, buyer.user.email, `le devis ${quote.numero}`);
    expect(linkIn(mail, `/devis/${quote._id}`)).toBe(`${t.config.appUrl}/devis/${quote._id}`);
  });
});
