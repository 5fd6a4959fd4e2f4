import { createHash, randomUUID } from 'node:crypto';
import {
  type Client,
  companySearchKey,
  DEFAULT_REMINDER_STEPS,
  frenchVatNumber,
  type Invoice,
  invoiceInputSchema,
  multiLineMessage,
  NOTIFICATION_DEFAULTS,
  type Quote,
  singleLineMessage,
  statusOnlyInputSchema,
  unstorableCharacterMessage,
} from '@facturo/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { einvoicingConnections } from './db/schema.js';
import { HOUR_MS } from './lib/clock.js';
import { openSecret } from './lib/secret-box.js';
import { closedArchive } from './modules/account/closed-account-test-kit.js';
import { issueEmailToken } from './modules/auth/email-tokens.repo.js';
import { storeCompanies } from './modules/company-search/company-search-cache.js';
import {
  signed as signedWebhook,
  userWithPlatformWebhook,
} from './modules/einvoicing/platform/webhook-test-kit.js';
import { InvoiceLinks } from './modules/invoice-link/invoice-link-token.js';
import { notifyNow } from './modules/notifications/notifications-test-kit.js';
import { saleOnPlatform } from './modules/payments/payments-test-kit.js';
import { createPurchase, purchaseBody, SAMPLE_PDF } from './modules/purchases/purchases-test-kit.js';
import { QuoteLinks } from './modules/quote-link/quote-link-token.js';
import { insertUser } from './modules/users/users.repo.js';
import { receivedSupplierInvoice, ublInvoice } from './test/einvoice-samples.js';
import {
  clientBody,
  createClient,
  createUser,
  STRONG_PASSWORD,
  signedInUser,
  uniqueEmail,
  uniqueSiret,
} from './test/factories.js';
import { type FakeCompanySearch, startFakeCompanySearch } from './test/fake-company-search.js';
import { startAppWithFakeStripe } from './test/fake-stripe.js';
import { randomIp, startListeningTestApp, type TestApp } from './test/harness.js';
import { type DeclaredRoute, RouteTable, routeKey } from './test/hostile/declared-routes.js';
import { GENERIC_ATTACKS, IMPOSSIBLE_DAYS } from './test/hostile/generic-attacks.js';
import { type Leaf, leavesOf, withValue } from './test/hostile/schema-leaves.js';
import { expectLifeRecorded } from './test/life-recorded.js';

/**
 * The hostile-input sweep, over every route the application declares (read from the Fastify instance
 * itself: the test platform's and the webhooks included, and the Stripe webhook from an app configured
 * with Stripe). Each route is sent JSON that does not parse, JSON of the wrong type, an oversized body,
 * hostile query strings and path parameters; each field of a valid request is replaced in turn by what
 * the text rule (packages/shared text.ts) and the day rule (calendar-day.ts) refuse, by a value of the
 * wrong type and by a huge one. Nothing may answer a 5xx. A new route cannot escape: it needs a valid
 * example below, or a place in WITHOUT_INPUT, or this test fails.
 */

const table = new RouteTable();
const stripeTable = new RouteTable();
let t: TestApp;
let stripeApp: TestApp;
let closeStripe: () => Promise<void>;
let directory: FakeCompanySearch;
const answers: { label: string; status: number }[] = [];
const STRIPE_WEBHOOK_SECRET = 'whsec_hostile_sweep';

beforeAll(async () => {
  // Its own database: the sweep calls admin actions that touch every account (reset of the quotas…).
  // The company directory answers as the real one does: its outage (a 503) is not what is tried here.
  directory = await startFakeCompanySearch();
  t = await startListeningTestApp(
    { companySearchUrl: directory.url },
    { onRoute: table.collect, privateDatabase: true, platformSync: async () => undefined },
  );
  ({ t: stripeApp, close: closeStripe } = await startAppWithFakeStripe(
    () => ({ status: 404, json: { error: { message: 'inconnu', type: 'invalid_request_error' } } }),
    STRIPE_WEBHOOK_SECRET,
    { onRoute: stripeTable.collect },
  ));
  // Two applications and a fake directory: longer than one app's start on a busy machine.
}, 180_000);
afterAll(async () => {
  await t?.close();
  await closeStripe?.();
  await directory?.close();
});

/** A body sent as it is (an upload, a signed webhook, a multipart form), with what it must get. */
interface RawVariant {
  name: string;
  contentType: string;
  payload: string | Buffer;
  headers?: Record<string, string>;
  /** The exact answer expected; any 4xx when left out. */
  status?: number;
}

/** One valid request of a route; the hostile ones are this one with a single field changed. */
interface Example {
  url: string;
  token?: string;
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  /** For a route that takes its body as z.unknown() and parses it itself: the schema it applies. */
  bodySchema?: z.ZodType;
  /** The hostile variants' session, when the valid example ends its own (closing the account). */
  hostileToken?: string;
  /** A route that reads its body itself: the valid body, sent as it is… */
  raw?: Omit<RawVariant, 'name' | 'status'>;
  /** …and the hostile bodies it must refuse. */
  rawVariants?: RawVariant[];
  /** A route only an app configured with Stripe declares. */
  stripe?: boolean;
}

const appOf = (example: Pick<Example, 'stripe'>) => (example.stripe ? stripeApp : t);

async function send(example: Example, route: DeclaredRoute): Promise<LightMyRequestResponse> {
  if (example.raw) return sendRaw(example, route, example.raw);
  const query = example.query ? `?${new URLSearchParams(example.query).toString()}` : '';
  const url = `${example.url}${query}`;
  const res = await appOf(example).request({
    method: route.method as 'GET',
    url,
    body: example.body,
    token: example.token,
  });
  answers.push({ label: `${route.method} ${url}`, status: res.statusCode });
  return res;
}

async function sendRaw(
  example: Example,
  route: DeclaredRoute,
  raw: Omit<RawVariant, 'name' | 'status'>,
  token = example.token,
): Promise<LightMyRequestResponse> {
  const res = await appOf(example).app.inject({
    method: route.method as 'POST',
    url: example.url,
    payload: raw.payload,
    headers: {
      'content-type': raw.contentType,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...raw.headers,
    },
    remoteAddress: randomIp(),
  });
  answers.push({ label: `${route.method} ${example.url} (${raw.contentType})`, status: res.statusCode });
  return res;
}

/** A particulier invited by a document sent on the platform: no password yet, a live invitation token. */
async function invitationToken(): Promise<string> {
  const invited = await insertUser(t.database.db, {
    email: uniqueEmail('invite'),
    passwordHash: null,
    nom: 'Invité',
    prenom: '',
    role: 'particulier',
    plan: 'gratuit',
  });
  if (!invited) throw new Error('invité non créé');
  return issueEmailToken(t.database.db, invited.id, 'reset_password', new Date(), HOUR_MS);
}

async function newClient(token: string, email = uniqueEmail('client')): Promise<Client> {
  const res = await t.request({
    method: 'POST',
    url: '/api/clients',
    token,
    body: clientBody({ nom: 'Atelier Lune', email }),
  });
  expect(res.statusCode).toBe(201);
  return res.json<Client>();
}

const validLines = [{ description: 'Conseil', quantite: '2', prixUnitaire: '150' }];

async function newInvoice(token: string, clientEmail?: string): Promise<Invoice> {
  const client = await newClient(token, clientEmail);
  const res = await t.request({
    method: 'POST',
    url: '/api/factures',
    token,
    body: { client: client._id, delaiPaiement: 30, lignes: validLines },
  });
  expect(res.statusCode).toBe(201);
  return res.json<Invoice>();
}

const invoiceBody = (clientId: string) => ({
  client: clientId,
  dateEcheance: '',
  objet: 'Mission',
  lignes: validLines,
  tauxTVA: 0,
  statut: 'creee',
  dateLivraison: '2026-01-15',
  adresseLivraison: { rue: 'Avenue Louise 54', codePostal: '1050', ville: 'Ixelles', pays: 'Belgique' },
  mentionsLegales: {
    conditionsPaiement: 'À réception',
    mentionLibre: 'Merci',
    escompte: 'Aucun',
    penalitesRetard: 'Trois fois le taux légal',
    indemniteForfaitaire: '40 €',
    tvaIntracommunautaire: 'FR12345678901',
    natureOperation: 'services',
  },
});

const quoteBody = (clientId: string) => {
  const { dateEcheance: _due, statut: _status, ...body } = invoiceBody(clientId);
  return { ...body, dateValidite: '' };
};

async function newQuote(token: string, clientEmail?: string): Promise<Quote> {
  const client = await newClient(token, clientEmail);
  const res = await t.request({
    method: 'POST',
    url: '/api/devis',
    token,
    body: { client: client._id, lignes: validLines },
  });
  expect(res.statusCode).toBe(201);
  return res.json<Quote>();
}

/** The ADMIN_EMAIL account: /api/admin answers 403 to anyone else before looking at the request. */
async function adminToken(): Promise<string> {
  const email = t.config.adminEmails[0] ?? '';
  const existing = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    body: { email, password: STRONG_PASSWORD },
  });
  if (existing.statusCode === 200) return existing.json<{ token: string }>().token;
  return (await signedInUser(t, { email, isAdmin: true })).token;
}

const stripeSigner = new Stripe('sk_test_signer');

/** A user's test-platform connection (made on first read), its OAuth2 credentials and a token of it. */
async function platformClient(): Promise<{ id: string; secret: string; token: string }> {
  const { token: session, user } = await signedInUser(t);
  await t.request({ method: 'GET', url: '/api/facturation-electronique/connexion', token: session });
  const [row] = await t.database.db
    .select()
    .from(einvoicingConnections)
    .where(eq(einvoicingConnections.userId, user._id));
  const id = row?.clientId ?? '';
  const secret = openSecret(t.config.einvoicing.secretKey, row?.clientSecretEncrypted ?? '');
  const res = await t.request({
    method: 'POST',
    url: '/api/plateforme-test/oauth/token',
    body: { grant_type: 'client_credentials', client_id: id, client_secret: secret },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id, secret, token: res.json<{ access_token: string }>().access_token };
}

const flowInfo = (file: Buffer) => ({
  trackingId: randomUUID(),
  name: 'facture.xml',
  flowSyntax: 'UBL',
  sha256: createHash('sha256').update(file).digest('hex'),
});

/** POST /v1/flows's multipart body, as a client's FormData writes it. */
async function flowSubmission(
  info: object | string,
  file: Buffer,
): Promise<{ contentType: string; payload: Buffer }> {
  const form = new FormData();
  form.set('flowInfo', typeof info === 'string' ? info : JSON.stringify(info));
  form.set('file', new Blob([new Uint8Array(file)]), 'facture.xml');
  const request = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  return {
    contentType: request.headers.get('content-type') ?? '',
    payload: Buffer.from(await request.arrayBuffer()),
  };
}

/** A flow the platform keeps for this client: its id. */
async function submittedFlow(token: string): Promise<string> {
  // A readable invoice: the platform's statuses (test control) are about one.
  const file = Buffer.from(ublInvoice());
  const { contentType, payload } = await flowSubmission(flowInfo(file), file);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/plateforme-test/flow-service/v1/flows',
    payload,
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json<{ flowId: string }>().flowId;
}

const EXAMPLES: Record<string, () => Promise<Example>> = {
  'POST /api/auth/register': async () => ({
    url: '/api/auth/register',
    body: {
      email: uniqueEmail('inscrit'),
      password: 'Facture!2026x',
      nom: 'Martin',
      prenom: 'Claire',
      siret: uniqueSiret(),
      role: 'professionnel',
    },
  }),
  'POST /api/auth/verify-email': async () => {
    const user = await createUser(t, { emailVerifiedAt: null });
    const token = await issueEmailToken(t.database.db, user.id, 'verify_email', new Date(), HOUR_MS);
    return { url: '/api/auth/verify-email', body: { token } };
  },
  'POST /api/auth/resend-verification': async () => {
    const user = await createUser(t, { emailVerifiedAt: null });
    return { url: '/api/auth/resend-verification', body: { email: user.email } };
  },
  'POST /api/auth/login': async () => {
    const user = await createUser(t);
    return { url: '/api/auth/login', body: { email: user.email, password: user.password } };
  },
  'POST /api/auth/unlock-login': async () => {
    const user = await createUser(t);
    const token = await issueEmailToken(t.database.db, user.id, 'unlock_login', new Date(), HOUR_MS);
    return { url: '/api/auth/unlock-login', body: { token } };
  },
  'POST /api/auth/reset-password': async () => {
    const user = await createUser(t);
    return { url: '/api/auth/reset-password', body: { email: user.email } };
  },
  'POST /api/auth/reset-password-confirm': async () => {
    const user = await createUser(t);
    const token = await issueEmailToken(t.database.db, user.id, 'reset_password', new Date(), HOUR_MS);
    return { url: '/api/auth/reset-password-confirm', body: { token, newPassword: 'Nouveau!2026x' } };
  },
  'POST /api/invitations/read': async () => ({
    url: '/api/invitations/read',
    body: { token: await invitationToken() },
  }),
  'POST /api/invitations/accept': async () => ({
    url: '/api/invitations/accept',
    body: { token: await invitationToken(), prenom: 'Inès', nom: 'Durand', password: STRONG_PASSWORD },
  }),
  'GET /api/auth/email-status': async () => {
    const user = await createUser(t);
    return { url: '/api/auth/email-status', query: { email: user.email } };
  },
  'POST /api/contact': async () => ({
    url: '/api/contact',
    body: {
      nom: 'Camille',
      email: uniqueEmail('contact'),
      sujet: 'question',
      message: 'Bonjour, une question sur les factures.',
    },
  }),
  'POST /api/waitlist': async () => ({
    url: '/api/waitlist',
    body: { email: uniqueEmail('attente'), fonctionnalite: 'depenses' },
  }),
  'DELETE /api/users/me': async () => {
    const closing = await signedInUser(t);
    const other = await signedInUser(t);
    return {
      url: '/api/users/me',
      token: closing.token,
      body: { password: closing.password },
      hostileToken: other.token,
    };
  },
  'DELETE /api/users/me/archive': async () => {
    const erasing = await closedArchive(t);
    const other = await closedArchive(t);
    return {
      url: '/api/users/me/archive',
      token: erasing.token,
      body: { password: erasing.password, archiveTelechargee: true },
      hostileToken: other.token,
    };
  },
  'PUT /api/users/me': async () => {
    const { token } = await signedInUser(t);
    const siret = uniqueSiret();
    return {
      url: '/api/users/me',
      token,
      body: {
        nom: 'Martin',
        prenom: 'Claire',
        adresse: '1 rue Haute',
        codePostal: '44000',
        ville: 'Nantes',
        siret,
        regimeTva: 'reel',
        optionDebits: true,
        tvaIntracommunautaire: frenchVatNumber(siret.slice(0, 9)),
        rcsRm: 'RCS Nantes 123 456 782',
        assureur: 'MAAF Pro',
        assuranceCouverture: 'France métropolitaine',
        iban: 'FR7630006000011234567890189',
        bic: 'BNPAFRPP',
        couleurAccent: '#0F766E',
      },
    };
  },
  'POST /api/clients': async () => {
    const { token } = await signedInUser(t);
    return {
      url: '/api/clients',
      token,
      body: {
        nom: 'Boulangerie',
        email: uniqueEmail('client'),
        telephone: '01 23 45 67 89',
        siret: '55210055400021',
        adresse: { rue: '1 rue Haute', codePostal: '44000', ville: 'Nantes', pays: 'France' },
        type: 'entreprise',
        tvaIntracommunautaire: frenchVatNumber('552100554'),
      },
    };
  },
  'PUT /api/clients/:id': async () => {
    const { token } = await signedInUser(t);
    const client = await newClient(token);
    return {
      url: `/api/clients/${client._id}`,
      token,
      body: {
        nom: 'Boulangerie',
        email: client.email,
        telephone: '01 23 45 67 89',
        adresse: { rue: 'Rue de Fer 12', codePostal: '5000', ville: 'Namur', pays: 'Belgique' },
        type: 'entreprise',
        tvaIntracommunautaire: 'BE0123456789',
      },
    };
  },
  'PUT /api/mentions-legales': async () => {
    const { token } = await signedInUser(t);
    const siret = uniqueSiret();
    return {
      url: '/api/mentions-legales',
      token,
      // The issuer's VAT number is checked against the SIREN here (the profile's rule).
      body: {
        ...invoiceBody('').mentionsLegales,
        siret,
        tvaIntracommunautaire: frenchVatNumber(siret.slice(0, 9)),
      },
    };
  },
  'GET /api/tableau-de-bord/urssaf': async () => {
    const { token } = await signedInUser(t);
    return { url: '/api/tableau-de-bord/urssaf', token, query: { annee: '2026', periode: 'T1' } };
  },
  'GET /api/livre-recettes': async () => {
    const { token } = await signedInUser(t);
    return {
      url: '/api/livre-recettes',
      token,
      query: { debut: '2026-01-01', fin: '2026-12-31', format: 'json' },
    };
  },
  'GET /api/fec': async () => {
    const { token } = await signedInUser(t);
    return { url: '/api/fec', token, query: { annee: '2026' } };
  },
  'PUT /api/tableau-de-bord/activite-urssaf': async () => {
    const { token } = await signedInUser(t);
    return { url: '/api/tableau-de-bord/activite-urssaf', token, body: { activite: 'bnc' } };
  },
  'GET /api/factures': async () => {
    const { token } = await signedInUser(t);
    return { url: '/api/factures', token, query: { status: 'brouillon' } };
  },
  'GET /api/factures/received': async () => {
    const { token } = await signedInUser(t);
    return { url: '/api/factures/received', token, query: { status: 'payee' } };
  },
  'GET /api/factures/totaux': async () => {
    const { token } = await signedInUser(t);
    return { url: '/api/factures/totaux', token, query: { status: 'payee', type: 'avoir', q: 'FAC' } };
  },
  'GET /api/factures/received/totaux': async () => {
    const { token } = await signedInUser(t);
    return { url: '/api/factures/received/totaux', token, query: { status: 'payee', q: 'Martin' } };
  },
  'GET /api/clients': async () => {
    const { token } = await signedInUser(t);
    return { url: '/api/clients', token, query: { q: 'Lune', type: 'entreprise', limit: '10' } };
  },
  'POST /api/factures': async () => {
    const { token } = await signedInUser(t);
    const client = await newClient(token);
    return { url: '/api/factures', token, body: invoiceBody(client._id) };
  },
  'PUT /api/factures/:id': async () => {
    const { token } = await signedInUser(t);
    const invoice = await newInvoice(token);
    return {
      url: `/api/factures/${invoice._id}`,
      token,
      body: invoiceBody(invoice.client._id),
      bodySchema: invoiceInputSchema,
    };
  },
  'PUT /api/factures/:id (statut)': async () => {
    const { token } = await signedInUser(t);
    const invoice = await newInvoice(token);
    return {
      url: `/api/factures/${invoice._id}`,
      token,
      body: { statut: 'brouillon' },
      bodySchema: statusOnlyInputSchema,
    };
  },
  'POST /api/factures/:id/send-email': async () => {
    const { token } = await signedInUser(t);
    const invoice = await newInvoice(token);
    return {
      url: `/api/factures/${invoice._id}/send-email`,
      token,
      body: { to: uniqueEmail('compta'), subject: 'Votre facture', message: 'Bonjour,\nVoici la facture.' },
    };
  },
  'PUT /api/factures/:id/statut-emetteur': async () => {
    const { token } = await signedInUser(t);
    const invoice = await newInvoice(token);
    return {
      url: `/api/factures/${invoice._id}/statut-emetteur`,
      token,
      body: { statutEmetteur: 'envoyee' },
    };
  },
  'PUT /api/factures/:id/statut-destinataire': async () => {
    const issuer = await signedInUser(t);
    const recipient = await signedInUser(t, { role: 'particulier', siret: null });
    const invoice = await newInvoice(issuer.token, recipient.user.email);
    const sent = await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/send-internal`,
      token: issuer.token,
    });
    expect(sent.statusCode).toBe(200);
    return {
      url: `/api/factures/${invoice._id}/statut-destinataire`,
      token: recipient.token,
      body: { statutDestinataire: 'payee' },
    };
  },
  'GET /api/factures/client/:id': async () => {
    const { token } = await signedInUser(t);
    const client = await newClient(token);
    return { url: `/api/factures/client/${client._id}`, token, query: { type: 'avoir' } };
  },
  'GET /api/factures/client/:id/totaux': async () => {
    const { token } = await signedInUser(t);
    const client = await newClient(token);
    return { url: `/api/factures/client/${client._id}/totaux`, token, query: { q: 'Mission' } };
  },
  'POST /api/factures/:id/avoir': async () => {
    const { token } = await signedInUser(t);
    const invoice = await newInvoice(token);
    const sent = await t.request({
      method: 'PUT',
      url: `/api/factures/${invoice._id}/statut-emetteur`,
      token,
      body: { statutEmetteur: 'envoyee' },
    });
    expect(sent.statusCode).toBe(200);
    return {
      url: `/api/factures/${invoice._id}/avoir`,
      token,
      body: {
        motif: 'Erreur de quantité',
        lignes: [{ description: 'Conseil', quantite: '1', prixUnitaire: '150' }],
      },
    };
  },
  // Issue 17, payments.
  'POST /api/factures/:id/paiements': async () => {
    const { token } = await signedInUser(t);
    const invoice = await newInvoice(token);
    const sent = await t.request({
      method: 'PUT',
      url: `/api/factures/${invoice._id}/statut-emetteur`,
      token,
      body: { statutEmetteur: 'envoyee' },
    });
    expect(sent.statusCode).toBe(200);
    return {
      url: `/api/factures/${invoice._id}/paiements`,
      token,
      body: { datePaiement: invoice.dateEmission, montant: '1,50', methode: 'virement', reference: 'VIR 1' },
    };
  },
  'POST /api/factures/:id/paiements/:paymentId/rejeter': async () => {
    const { issuer, recipient, invoice } = await saleOnPlatform(t, 40);
    const declared = await t.request({
      method: 'PATCH',
      url: `/api/factures/${invoice._id}/payer`,
      token: recipient.token,
    });
    expect(declared.statusCode).toBe(200);
    const listed = await t.request({
      method: 'GET',
      url: `/api/factures/${invoice._id}/paiements`,
      token: issuer.token,
    });
    const [payment] = listed.json<{ paiements: { _id: string }[] }>().paiements;
    return {
      url: `/api/factures/${invoice._id}/paiements/${payment?._id}/rejeter`,
      token: issuer.token,
      body: { motif: 'Aucun virement reçu à ce jour' },
    };
  },
  // Issue 15, quotes.
  'GET /api/devis': async () => {
    const { token } = await signedInUser(t);
    return { url: '/api/devis', token, query: { status: 'envoyee' } };
  },
  'GET /api/devis/received': async () => {
    const { token } = await signedInUser(t);
    return { url: '/api/devis/received', token, query: { status: 'vue' } };
  },
  'POST /api/devis': async () => {
    const { token } = await signedInUser(t);
    const client = await newClient(token);
    return { url: '/api/devis', token, body: quoteBody(client._id) };
  },
  'PUT /api/devis/:id': async () => {
    const { token } = await signedInUser(t);
    const quote = await newQuote(token);
    return { url: `/api/devis/${quote._id}`, token, body: quoteBody(quote.client._id) };
  },
  'POST /api/devis/:id/send-email': async () => {
    const { token } = await signedInUser(t);
    const quote = await newQuote(token);
    return {
      url: `/api/devis/${quote._id}/send-email`,
      token,
      body: { to: uniqueEmail('compta'), subject: 'Votre devis', message: 'Bonjour,\nVoici le devis.' },
    };
  },
  'PUT /api/devis/:id/statut-emetteur': async () => {
    const { token } = await signedInUser(t);
    const quote = await newQuote(token);
    return {
      url: `/api/devis/${quote._id}/statut-emetteur`,
      token,
      body: { statutEmetteur: 'acceptee', commentaire: 'Signé\nle 3 mars' },
    };
  },
  'PUT /api/devis/:id/statut-destinataire': async () => {
    const issuer = await signedInUser(t);
    const recipient = await signedInUser(t, { role: 'particulier', siret: null });
    const quote = await newQuote(issuer.token, recipient.user.email);
    const sent = await t.request({
      method: 'POST',
      url: `/api/devis/${quote._id}/send-internal`,
      token: issuer.token,
    });
    expect(sent.statusCode).toBe(200);
    return {
      url: `/api/devis/${quote._id}/statut-destinataire`,
      token: recipient.token,
      body: { statutDestinataire: 'acceptee', commentaire: 'D’accord\npour lundi' },
    };
  },
  'POST /api/devis/:id/acompte': async () => {
    const { token } = await signedInUser(t);
    const quote = await newQuote(token);
    const accepted = await t.request({
      method: 'PUT',
      url: `/api/devis/${quote._id}/statut-emetteur`,
      token,
      body: { statutEmetteur: 'acceptee' },
    });
    expect(accepted.statusCode).toBe(200);
    return { url: `/api/devis/${quote._id}/acompte`, token, body: { montant: '100,00' } };
  },
  'POST /api/subscription/create-checkout-session': async () => {
    const { token } = await signedInUser(t);
    return { url: '/api/subscription/create-checkout-session', token, body: { planName: 'premium' } };
  },
  'PUT /api/subscription/upgrade': async () => {
    const { token } = await signedInUser(t);
    const checkout = await t.request({
      method: 'POST',
      url: '/api/subscription/create-checkout-session',
      token,
      body: { planName: 'premium' },
    });
    const { sessionId } = checkout.json<{ sessionId: string }>();
    const confirmed = await t.request({
      method: 'POST',
      url: `/api/subscription/test-checkout/${sessionId}/confirm`,
      token,
    });
    expect(confirmed.statusCode).toBe(200);
    return { url: '/api/subscription/upgrade', token, body: { plan: 'business' } };
  },
  'GET /api/admin/users': async () => ({
    url: '/api/admin/users',
    token: await adminToken(),
    query: { q: 'Martin', role: 'professionnel', plan: 'essai', statut: 'nouveau', limit: '10' },
  }),
  'GET /api/admin/statuts-non-rattaches': async () => ({
    url: '/api/admin/statuts-non-rattaches',
    token: await adminToken(),
    query: { limit: '10' },
  }),
  'GET /api/admin/users/:id/usage-history': async () => {
    const user = await createUser(t);
    return {
      url: `/api/admin/users/${user.id}/usage-history`,
      token: await adminToken(),
      query: { mois: '3' },
    };
  },
  'PUT /api/admin/extend-trial/:id': async () => {
    const user = await createUser(t, { plan: 'essai', trialEndsAt: new Date(Date.now() + 86_400_000) });
    return { url: `/api/admin/extend-trial/${user.id}`, token: await adminToken(), body: { jours: 7 } };
  },
  'PUT /api/admin/users/:id/plan': async () => {
    const user = await createUser(t, { plan: 'gratuit' });
    return { url: `/api/admin/users/${user.id}/plan`, token: await adminToken(), body: { plan: 'premium' } };
  },
  'PUT /api/admin/users/:id/ban': async () => {
    const user = await createUser(t);
    return { url: `/api/admin/users/${user.id}/ban`, token: await adminToken(), body: { isBanned: true } };
  },
  'GET /api/notifications': async () => {
    const { token, user } = await signedInUser(t);
    await notifyNow(t, user._id, 'Relance envoyée');
    const [first] = (await t.request({ method: 'GET', url: '/api/notifications', token })).json<
      { _id: string }[]
    >();
    return { url: '/api/notifications', token, query: { before: first?._id ?? '', limit: '20' } };
  },
  'PUT /api/notifications/preferences': async () => {
    const { token } = await signedInUser(t);
    return { url: '/api/notifications/preferences', token, body: NOTIFICATION_DEFAULTS };
  },
  'GET /api/conversations': async () => {
    const { token } = await signedInUser(t);
    return { url: '/api/conversations', token, query: { q: 'Support' } };
  },
  'POST /api/conversations/new/messages': async () => {
    const { token } = await signedInUser(t);
    return { url: '/api/conversations/new/messages', token, body: { contenu: 'Bonjour,\nune question.' } };
  },
  'GET /api/conversations/:id/messages': async () => {
    const { token } = await signedInUser(t);
    const opened = await t.request({ method: 'POST', url: '/api/conversations/create-support', token });
    const id = opened.json<{ _id: string }>()._id;
    const sent = await t.request({
      method: 'POST',
      url: `/api/conversations/${id}/messages`,
      token,
      body: { contenu: 'Bonjour' },
    });
    const before = sent.json<{ _id: string }>()._id;
    return { url: `/api/conversations/${id}/messages`, token, query: { before, limit: '20' } };
  },
  'POST /api/conversations/:id/messages': async () => {
    const { token } = await signedInUser(t);
    const opened = await t.request({ method: 'POST', url: '/api/conversations/create-support', token });
    return {
      url: `/api/conversations/${opened.json<{ _id: string }>()._id}/messages`,
      token,
      body: { contenu: 'Ligne 1\nLigne 2' },
    };
  },
  // Issue 17: the reminder plan, each step's subject (one line) and message (lines).
  // Issue 18: a number only (no text to attack), accepted with 202 (its job is queued).
  'POST /api/archives': async () => ({
    url: '/api/archives',
    token: (await signedInUser(t)).token,
    body: { annee: 2025 },
  }),
  // Issue 19 (lane platform): an approved platform's addresses and credentials.
  'PUT /api/facturation-electronique/connexion': async () => ({
    url: '/api/facturation-electronique/connexion',
    token: (await signedInUser(t)).token,
    body: {
      plateforme: 'afnor',
      // Saving registers the webhook with the platform: a local address that refuses at once (the tests
      // have no network), so the save goes on without it, as it would with a platform that is down.
      urlApi: 'http://127.0.0.1:9/flow-service',
      urlAnnuaire: 'http://127.0.0.1:9/directory-service',
      urlJeton: 'http://127.0.0.1:9/token',
      identifiantClient: 'client-facturo',
      secretClient: 'secret-client',
      authentificationClient: 'basic',
    },
  }),
  'PUT /api/relances/plan': async () => ({
    url: '/api/relances/plan',
    token: (await signedInUser(t)).token,
    body: {
      actif: true,
      etapes: DEFAULT_REMINDER_STEPS.map(({ cle, actif, objet, corps }) => ({ cle, actif, objet, corps })),
    },
  }),
  // Issue 18 (lane purchases): the purchases register, its period and its exports.
  // Issue 19: the directory is unreachable here; the valid query is answered from the cache, seeded.
  'GET /api/entreprises': async () => {
    await storeCompanies(t.database.db, companySearchKey('Boulangerie Martin'), [], t.clock.now());
    return {
      url: '/api/entreprises',
      token: (await signedInUser(t)).token,
      query: { q: 'Boulangerie Martin' },
    };
  },
  'GET /api/achats': async () => ({
    url: '/api/achats',
    token: (await signedInUser(t)).token,
    query: { debut: '2026-01-01', fin: '2026-12-31' },
  }),
  'GET /api/achats/export': async () => ({
    url: '/api/achats/export',
    token: (await signedInUser(t)).token,
    query: { debut: '2026-01-01', fin: '2026-12-31', format: 'csv' },
  }),
  'POST /api/achats': async () => ({
    url: '/api/achats',
    token: (await signedInUser(t)).token,
    body: purchaseBody(),
  }),
  'PUT /api/achats/:id': async () => {
    const { token } = await signedInUser(t);
    const purchase = await createPurchase(t, token);
    return { url: `/api/achats/${purchase._id}`, token, body: purchaseBody({ fournisseur: 'Autre' }) };
  },
  // Issue 19 (lane inbox): the « Factures fournisseurs » inbox, its filter and the buyer's decisions.
  'GET /api/factures-fournisseurs': async () => ({
    url: '/api/factures-fournisseurs',
    token: (await signedInUser(t)).token,
    query: { statut: 'recue' },
  }),
  'POST /api/factures-fournisseurs/:id/refus': async () => {
    const { token } = await signedInUser(t);
    const invoice = await receivedSupplierInvoice(t, token);
    return {
      url: `/api/factures-fournisseurs/${invoice._id}/refus`,
      token,
      body: { motifCode: 'NON_CONFORME', motif: 'Montant inattendu' },
    };
  },
  'POST /api/factures-fournisseurs/:id/paiement': async () => {
    const { token } = await signedInUser(t);
    const invoice = await receivedSupplierInvoice(t, token);
    return {
      url: `/api/factures-fournisseurs/${invoice._id}/paiement`,
      token,
      body: { datePaiement: '2026-01-15' },
    };
  },
  'PUT /api/admin/users/:id/quotas': async () => {
    const user = await createUser(t);
    return {
      url: `/api/admin/users/${user.id}/quotas`,
      token: await adminToken(),
      body: { limiteFactures: 3, limiteClients: null },
    };
  },
  // The built-in test platform (an approved platform's API): its OAuth2 token, Flow Service, directory
  // and test controls, as a client of it calls them.
  'POST /api/plateforme-test/oauth/token': async () => {
    const client = await platformClient();
    return {
      url: '/api/plateforme-test/oauth/token',
      body: { grant_type: 'client_credentials', client_id: client.id, client_secret: client.secret },
    };
  },
  // The test platform's services route every operation of their official documents themselves.
  'POST /api/plateforme-test/flow-service/* (dépôt)': async () => {
    const { token } = await platformClient();
    const file = Buffer.from('<Invoice>pas une vraie facture</Invoice>');
    return {
      url: '/api/plateforme-test/flow-service/v1/flows',
      token,
      raw: await flowSubmission({ ...flowInfo(file) }, file),
      rawVariants: [
        {
          name: 'trackingId avec NUL',
          ...(await flowSubmission({ ...flowInfo(file), trackingId: 'a\u0000b' }, file)),
        },
        { name: 'nom sur deux lignes', ...(await flowSubmission({ ...flowInfo(file), name: 'a\nb' }, file)) },
        { name: 'flowInfo illisible', ...(await flowSubmission('{"trackingId":', file)) },
        {
          name: 'empreinte fausse',
          // The standard acknowledges it with an Error (ChecksumMismatch): the flow is kept, not refused.
          status: 202,
          ...(await flowSubmission({ ...flowInfo(file), sha256: '0'.repeat(64) }, file)),
        },
        { name: 'pas du multipart', contentType: 'application/json', payload: '{"flowInfo":{}}' },
      ],
    };
  },
  'POST /api/plateforme-test/flow-service/* (recherche)': async () => {
    const json = 'application/json';
    const body = (where: Record<string, unknown>) => JSON.stringify({ where, limit: 10 });
    return {
      url: '/api/plateforme-test/flow-service/v1/flows/search',
      token: (await platformClient()).token,
      raw: { contentType: json, payload: body({ flowDirection: ['Out'] }) },
      rawVariants: [
        { name: 'trackingId avec NUL', contentType: json, payload: body({ trackingId: 'a\u0000b' }) },
        { name: 'trackingId trop long', contentType: json, payload: body({ trackingId: 'x'.repeat(65) }) },
        { name: 'sens inconnu', contentType: json, payload: body({ flowDirection: ['Ailleurs'] }) },
        { name: 'sans critère', contentType: json, payload: body({}) },
      ],
    };
  },
  'POST /api/plateforme-test/directory-service/*': async () => {
    const json = 'application/json';
    const body = (value: string) => JSON.stringify({ filters: { siren: { op: 'strict', value } } });
    return {
      url: '/api/plateforme-test/directory-service/v1/siren/search',
      token: (await platformClient()).token,
      raw: { contentType: json, payload: body('123456789') },
      rawVariants: [
        { name: 'SIREN avec NUL', contentType: json, payload: body('12345\u00006789') },
        { name: 'SIREN trop long', contentType: json, payload: body('1234567890') },
      ],
    };
  },
  'POST /api/plateforme-test/controle/flux/:flowId/statuts': async () => {
    const { token } = await platformClient();
    return {
      url: `/api/plateforme-test/controle/flux/${await submittedFlow(token)}/statuts`,
      token,
      body: { code: 213, motifCode: 'REJ_SEMAN', motif: 'Montant inattendu' },
    };
  },
  'POST /api/plateforme-test/controle/pannes': async () => ({
    url: '/api/plateforme-test/controle/pannes',
    token: (await platformClient()).token,
    body: { nombre: 0, moment: 'avant' },
  }),
  // A platform's signed webhook: the body is never read, only its signature, and a copy is refused.
  'POST /api/facturation-electronique/webhooks/:userId': async () => {
    const userId = await userWithPlatformWebhook(t);
    const json = 'application/json';
    const body = JSON.stringify({ event: 'flow.updated', flowId: 'flux-balayage' });
    const signed = (payload: string) => signedWebhook(payload, new Date());
    const valid = signed(body);
    const hostile = JSON.stringify({ event: 'a\u0000b', flowId: '0000-01-01', n: 'x'.repeat(20_000) });
    return {
      url: `/api/facturation-electronique/webhooks/${userId}`,
      raw: { contentType: json, payload: body, headers: valid },
      rawVariants: [
        { name: 'la même livraison rejouée', contentType: json, payload: body, headers: valid, status: 409 },
        {
          name: 'signé : NUL, an 0, texte long',
          contentType: json,
          payload: hostile,
          headers: signed(hostile),
          status: 200,
        },
        {
          name: 'signé : JSON tronqué',
          contentType: json,
          payload: '{"event":',
          headers: signed('{"event":'),
          status: 200,
        },
        {
          name: 'signature d’un autre corps',
          contentType: json,
          payload: hostile,
          headers: valid,
          status: 401,
        },
        { name: 'sans signature', contentType: json, payload: body, status: 401 },
        {
          name: 'plus de 64 Ko',
          contentType: json,
          payload: JSON.stringify({ n: 'x'.repeat(70_000) }),
          status: 413,
        },
      ],
    };
  },
  // Stripe's signed webhook (declared only when Stripe is configured).
  'POST /api/subscription/webhook': async () => {
    const json = 'application/json';
    const event = (id: string) =>
      JSON.stringify({ id, type: 'customer.created', data: { object: { id: 'cus_1' } } });
    const signed = (payload: string) => ({
      'stripe-signature': stripeSigner.webhooks.generateTestHeaderString({
        payload,
        secret: STRIPE_WEBHOOK_SECRET,
      }),
    });
    const valid = event(`evt_${randomUUID()}`);
    const nul = event('evt_a\u0000b');
    return {
      url: '/api/subscription/webhook',
      stripe: true,
      raw: { contentType: json, payload: valid, headers: signed(valid) },
      rawVariants: [
        { name: 'sans signature', contentType: json, payload: valid, status: 400 },
        {
          name: 'signé : identifiant avec NUL',
          contentType: json,
          payload: nul,
          headers: signed(nul),
          status: 400,
        },
        {
          name: 'signé : pas un événement',
          contentType: json,
          payload: '[1]',
          headers: signed('[1]'),
          status: 400,
        },
        {
          name: 'signé : JSON tronqué',
          contentType: json,
          payload: '{"id":',
          headers: signed('{"id":'),
          status: 400,
        },
      ],
    };
  },
  // Uploads: the file is the body, read from its first bytes.
  'PUT /api/users/me/logo': async () => ({
    url: '/api/users/me/logo',
    token: (await signedInUser(t)).token,
    raw: {
      contentType: 'image/png',
      payload: await sharp({ create: { width: 40, height: 20, channels: 3, background: '#0F766E' } })
        .png()
        .toBuffer(),
    },
    rawVariants: [
      { name: 'pas une image', contentType: 'image/png', payload: 'a\u0000b' },
      { name: 'vide', contentType: 'image/png', payload: '' },
    ],
  }),
  'PUT /api/achats/:id/justificatif': async () => {
    const { token } = await signedInUser(t);
    const purchase = await createPurchase(t, token);
    return {
      url: `/api/achats/${purchase._id}/justificatif`,
      token,
      raw: { contentType: 'application/pdf', payload: SAMPLE_PDF },
      rawVariants: [
        { name: 'pas un justificatif', contentType: 'application/pdf', payload: 'a\u0000b' },
        { name: 'vide', contentType: 'application/pdf', payload: '' },
      ],
    };
  },
  'POST /api/factures-fournisseurs': async () => {
    const xml = 'application/octet-stream';
    return {
      url: '/api/factures-fournisseurs',
      token: (await signedInUser(t)).token,
      raw: { contentType: xml, payload: ublInvoice() },
      rawVariants: [
        ...IMPOSSIBLE_DAYS.map((day, i) => ({
          name: `émise le ${day}`,
          contentType: xml,
          payload: ublInvoice({ numero: `FA-JOUR-${i}`, issueDate: day }),
          status: 400,
        })),
        {
          name: 'numéro avec NUL',
          contentType: xml,
          payload: ublInvoice({ numero: 'FA-\u0000' }),
          status: 400,
        },
        { name: 'pas une facture', contentType: xml, payload: 'a\u0000b' },
      ],
    };
  },
  'POST /api/facture-en-ligne/:token/compte': async () => {
    const { token } = await signedInUser(t);
    const invoice = await newInvoice(token);
    const to = uniqueEmail('lien');
    const sent = await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/send-email`,
      token,
      body: { to, subject: 'Votre facture', message: 'Bonjour.' },
    });
    expect(sent.statusCode).toBe(200);
    const link = new InvoiceLinks(t.config.jwtSecret).sign({ invoiceId: invoice._id, email: to });
    return {
      url: `/api/facture-en-ligne/${link}/compte`,
      body: { prenom: 'Inès', nom: 'Durand', password: STRONG_PASSWORD, accepteConditions: true },
    };
  },
  'POST /api/devis-en-ligne/:token/compte': async () => {
    const { token } = await signedInUser(t);
    const to = uniqueEmail('lien');
    const quote = await newQuote(token, to);
    const sent = await t.request({ method: 'POST', url: `/api/devis/${quote._id}/send-internal`, token });
    expect(sent.statusCode).toBe(200);
    const link = new QuoteLinks(t.config.jwtSecret).sign({ quoteId: quote._id, email: to });
    return {
      url: `/api/devis-en-ligne/${link}/compte`,
      body: { prenom: 'Inès', nom: 'Durand', password: STRONG_PASSWORD, accepteConditions: true },
    };
  },
  'GET /api/registre-numeros': async () => {
    const { token } = await signedInUser(t);
    return { url: '/api/registre-numeros', token, query: { annee: '2026' } };
  },
  'GET /api/registre-numeros.csv': async () => {
    const { token } = await signedInUser(t);
    return { url: '/api/registre-numeros.csv', token, query: { annee: '2026' } };
  },
  'DELETE /api/factures/:id': async () => {
    const { token } = await signedInUser(t);
    const invoice = await newInvoice(token);
    return { url: `/api/factures/${invoice._id}`, token, query: { motif: 'Doublon saisi par erreur' } };
  },
  // The recipient refuses an invoice received on Facturo, with a reason.
  'POST /api/factures/:id/refuser': async () => {
    const recipient = await signedInUser(t, { role: 'particulier', siret: null });
    const issuer = await signedInUser(t);
    const client = await createClient(t, issuer.token, { email: recipient.user.email });
    const created = await t.request({
      method: 'POST',
      url: '/api/factures',
      token: issuer.token,
      body: {
        client: client._id,
        delaiPaiement: 30,
        lignes: [{ description: 'Conseil', quantite: 1, prixUnitaire: 100 }],
      },
    });
    const invoice = created.json<{ _id: string }>();
    const sent = await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/send-internal`,
      token: issuer.token,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await expectLifeRecorded(t);
    return {
      url: `/api/factures/${invoice._id}/refuser`,
      token: recipient.token,
      body: { motif: 'Prestation non réalisée' },
    };
  },
};

/**
 * Routes that read nothing but their path: no body, no query string. They get every generic attack and
 * the hostile path parameters; a route that starts reading a body or a query needs an example instead.
 */
const WITHOUT_INPUT = new Set([
  'GET /api/docs/json',
  'DELETE /api/achats/:id',
  'GET /api/achats/:id',
  'DELETE /api/achats/:id/justificatif',
  'GET /api/achats/:id/justificatif',
  'GET /api/admin/metrics/realtime',
  'GET /api/admin/siret-duplicates',
  'POST /api/admin/siret-duplicates/:id/restore',
  'POST /api/admin/reset-quotas',
  'GET /api/admin/stats',
  'POST /api/admin/sync-subscriptions',
  'GET /api/admin/trial-stats',
  'GET /api/admin/usage-overview',
  'GET /api/admin/usage-stats',
  'DELETE /api/admin/users/:id',
  'GET /api/admin/users/:id/details',
  'GET /api/admin/users/:id/export',
  'POST /api/admin/users/:id/reset-quotas',
  'GET /api/admin/users/:id/subscription',
  'GET /api/archives',
  'GET /api/archives/:id',
  'GET /api/archives/:id/telechargement',
  'DELETE /api/clients/:id',
  'GET /api/clients/:id',
  'POST /api/conversations/create-support',
  'DELETE /api/devis/:id',
  'GET /api/devis/:id',
  'POST /api/devis/:id/facturer',
  'GET /api/devis/:id/pdf',
  'POST /api/devis/:id/send-internal',
  'GET /api/devis/:id/statuts',
  'GET /api/devis/info-numerotation',
  'GET /api/ereporting/:periode',
  'POST /api/ereporting/:periode/soumission',
  'GET /api/ereporting/periodes',
  'GET /api/events',
  'GET /api/export-clients-rgpd',
  'GET /api/export-factures-rgpd',
  'GET /api/export/clients',
  'GET /api/export/factures',
  'GET /api/export/user-data',
  'GET /api/facturation-electronique/connexion',
  // « Tester la connexion »: no body, the saved connection is what is tested.
  'POST /api/facturation-electronique/connexion/test',
  'GET /api/facturation-electronique/flux',
  'GET /api/factures-fournisseurs/:id',
  'POST /api/factures-fournisseurs/:id/approbation',
  'GET /api/factures-fournisseurs/:id/original',
  'GET /api/factures/:id',
  'POST /api/factures/:id/conversation',
  'GET /api/factures/:id/cycle-de-vie',
  'GET /api/factures/:id/paiements',
  'DELETE /api/factures/:id/paiements/:paymentId',
  'POST /api/factures/:id/paiements/:paymentId/confirmer',
  'PATCH /api/factures/:id/payer',
  'GET /api/factures/:id/pdf',
  'POST /api/factures/:id/plateforme-agreee',
  'GET /api/factures/:id/plateforme-agreee/annuaire',
  'GET /api/factures/:id/relances',
  'POST /api/factures/:id/relances',
  'POST /api/factures/:id/send-internal',
  'GET /api/factures/:id/statuts',
  'GET /api/factures/info-numerotation',
  'GET /api/health',
  'GET /api/journal/sceaux',
  'GET /api/journal/sceaux/:periode',
  'GET /api/journal/verification',
  'GET /api/mentions-legales',
  'GET /api/messages/unread-count',
  'POST /api/notifications/:id/lire',
  'GET /api/notifications/count',
  'GET /api/notifications/preferences',
  'POST /api/notifications/tout-lire',
  'DELETE /api/plateforme-test/directory-service/*',
  'GET /api/plateforme-test/directory-service/*',
  'DELETE /api/plateforme-test/flow-service/*',
  'GET /api/plateforme-test/flow-service/*',
  'GET /api/relances/plan',
  'POST /api/subscription/billing-portal',
  'POST /api/subscription/cancel',
  'GET /api/subscription/checkout-session/:id',
  'GET /api/subscription/info',
  'GET /api/subscription/plans',
  'POST /api/subscription/reactivate',
  'POST /api/subscription/test-checkout/:id/cancel',
  'POST /api/subscription/test-checkout/:id/confirm',
  'GET /api/tableau-de-bord',
  'GET /api/users/me',
  'GET /api/users/me/cloture',
  'GET /api/users/me/franchise',
  'DELETE /api/users/me/logo',
  'GET /api/users/me/logo',
  'GET /create-invoice',
  'GET /metrics',
  'GET /robots.txt',
  'GET /sitemap.xml',
  'GET /try',
  'GET /api/devis-en-ligne/:token',
  'GET /api/devis-en-ligne/:token/pdf',
  'GET /api/facture-en-ligne/:token',
  'GET /api/facture-en-ligne/:token/pdf',
]);

const HOSTILE = [
  { name: 'U+0000', value: 'a\u0000b', message: unstorableCharacterMessage },
  { name: 'a lone surrogate', value: 'a\ud800b', message: unstorableCharacterMessage },
] as const;

/** Longer than any text field takes, short of the 1 MB body limit. */
const HUGE_TEXT = 'x'.repeat(100_000);

function expectRefused(res: LightMyRequestResponse, leaf: Leaf, message?: string): void {
  const where = `${leaf.path.join('.')}: ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBe(400);
  const body = res.json<{ errorType: string; message: string; errors: string[] }>();
  expect(body.errorType, where).toBe('validation_error');
  expect(body.message, where).toMatch(/[a-zà-ÿ]{3,}/i);
  expect(body.message, where).not.toMatch(/^Invalid|expected/i);
  if (message) expect(body.errors, where).toContain(message);
}

/** A 4xx in French JSON, whatever the route found wrong. */
function expectClientError(res: LightMyRequestResponse, where: string): void {
  expect(res.statusCode, `${where}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${where}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
}

const exampleKey = (label: string) => label.split(' (')[0] ?? label;
const takesInput = (route: DeclaredRoute) => route.body !== undefined || route.querystring !== undefined;
/** The routes only the Stripe-configured app declares. */
const stripeOnly = () => stripeTable.routes.filter((route) => !table.find(routeKey(route)));
const allRoutes = () => [...table.routes, ...stripeOnly()];

describe('hostile input on every route', () => {
  it('finds every route, and each one has a valid example or reads nothing but its path', () => {
    expect(table.routes.length).toBeGreaterThan(150);
    expect(stripeOnly().map(routeKey)).toEqual(['POST /api/subscription/webhook']);
    const examples = new Set(Object.keys(EXAMPLES).map(exampleKey));
    const uncovered = allRoutes()
      .map(routeKey)
      .filter((key) => !examples.has(key) && !WITHOUT_INPUT.has(key));
    expect(uncovered, 'routes without an example in EXAMPLES nor a place in WITHOUT_INPUT').toEqual([]);
    const inputWithoutExample = allRoutes()
      .filter((route) => takesInput(route) && !examples.has(routeKey(route)))
      .map(routeKey);
    expect(inputWithoutExample, 'routes with a body or a query need an example').toEqual([]);
    const stale = [...examples, ...WITHOUT_INPUT].filter(
      (key) => !allRoutes().some((route) => routeKey(route) === key),
    );
    expect(stale, 'examples of routes that are gone').toEqual([]);
  });

  it('refuses hostile text, impossible days, wrong types and huge values in every field', async () => {
    for (const [label, make] of Object.entries(EXAMPLES)) {
      const key = exampleKey(label);
      const route = (label.includes('/subscription/webhook') ? stripeTable : table).find(key);
      expect(route, `${label}: no such route any more`).toBeDefined();
      if (!route) continue;
      const example = await make();
      const valid = await send(example, route);
      expect([200, 201, 202, 204], `${label}, valid example: ${valid.body}`).toContain(valid.statusCode);

      for (const variant of example.rawVariants ?? []) {
        const res = await sendRaw(example, route, variant, example.hostileToken ?? example.token);
        const where = `${label}, ${variant.name}`;
        if (variant.status) expect(res.statusCode, `${where}: ${res.body}`).toBe(variant.status);
        else expectClientError(res, where);
      }
      if (example.raw) continue;

      const bodySchema = example.bodySchema ?? route.body;
      const inputs: { place: 'body' | 'query'; schema: z.ZodType }[] = [];
      if (bodySchema && !(bodySchema instanceof z.ZodUnknown))
        inputs.push({ place: 'body', schema: bodySchema });
      if (route.querystring) inputs.push({ place: 'query', schema: route.querystring });
      expect(inputs.length, `${label}: a body taken as unknown needs bodySchema`).toBeGreaterThan(0);

      for (const { place, schema } of inputs) {
        const original = (place === 'body' ? example.body : example.query) ?? {};
        for (const leaf of leavesOf(schema)) {
          expect(leaf.kind, `${label} ${leaf.path.join('.')}: a string without the text rule`).not.toBe(
            'untagged',
          );
          const base = { ...example, token: example.hostileToken ?? example.token };
          const variant = (value: unknown): Example =>
            place === 'body'
              ? { ...base, body: withValue(original, leaf.path, value) }
              : {
                  ...base,
                  query: { ...(original as Record<string, string>), [String(leaf.path[0])]: String(value) },
                };
          for (const hostile of HOSTILE) {
            // A surrogate cannot be percent-encoded in a query string: it only travels in JSON.
            if (place === 'query' && hostile.value.includes('\ud800')) continue;
            const res = await send(variant(hostile.value), route);
            const expected = leaf.kind === 'choice' ? undefined : hostile.message(leaf.path);
            expectRefused(res, leaf, expected);
          }
          if (leaf.kind === 'single-line' || leaf.kind === 'choice') {
            const res = await send(variant('a\nb'), route);
            expectRefused(res, leaf, leaf.kind === 'single-line' ? singleLineMessage(leaf.path) : undefined);
          }
          if (leaf.kind === 'multi-line') {
            const res = await send(variant('a\u0007b'), route);
            expectRefused(res, leaf, multiLineMessage(leaf.path));
          }
          if (leaf.day) {
            for (const day of IMPOSSIBLE_DAYS) expectRefused(await send(variant(day), route), leaf);
          }
          // An object where text belongs is refused, and so is more text than any field takes.
          if (place === 'body') expectRefused(await send(variant({ texte: 'a' }), route), leaf);
          expectClientError(await send(variant(HUGE_TEXT), route), `${label} ${leaf.path.join('.')}, long`);
        }
      }
    }
    // Thousands of requests, one per field and value: under a minute on a 2-core machine, several when
    // other work shares it.
  }, 400_000);

  it('refuses the same characters in path parameters', async () => {
    const { token: userToken } = await signedInUser(t);
    // The admin guard answers 403 to anyone else before validation: admin routes are tried as the admin.
    const admin = await adminToken();
    const withParams = table.routes.filter((route) => route.params !== undefined);
    expect(withParams.length).toBeGreaterThan(10);
    for (const route of withParams) {
      const token = route.url.startsWith('/api/admin/') ? admin : userToken;
      for (const encoded of ['a%00b', 'a%0Ab', 'a%0Db']) {
        const url = route.url.replace(/:[A-Za-z]+/g, encoded);
        const res = await t.request({ method: route.method as 'GET', url, token });
        answers.push({ label: `${routeKey(route)} ${url}`, status: res.statusCode });
        // The test platform's routes check their token first.
        const expected = route.url.startsWith('/api/plateforme-test/') ? [400, 401] : [400];
        expect(expected, `${url}: ${res.body}`).toContain(res.statusCode);
      }
      // Percent-encoded lone surrogate: not UTF-8 at all, so refused in any way but a 500.
      const url = route.url.replace(/:[A-Za-z]+/g, 'a%ED%A0%80b');
      const res = await t.request({ method: route.method as 'GET', url, token });
      answers.push({ label: `${routeKey(route)} ${url}`, status: res.statusCode });
      expectClientError(res, url);
    }
  });

  it('answers bad JSON, bodies of the wrong type or size and hostile query strings with a 4xx', async () => {
    const userToken = (await signedInUser(t)).token;
    const admin = await adminToken();
    const platformToken = (await platformClient()).token;
    const tokenFor = (url: string): string | undefined => {
      if (url.startsWith('/api/admin/')) return admin;
      if (/^\/api\/plateforme-test\/(flow-service|directory-service|controle)\//.test(url))
        return platformToken;
      // A signed-in request to the event stream would open it and never end.
      if (url === '/api/events') return undefined;
      return userToken;
    };
    for (const route of allRoutes()) {
      const app = stripeOnly().includes(route) ? stripeApp : t;
      const url = route.url.replace(/:[A-Za-z]+/g, () => randomUUID());
      const token = tokenFor(route.url);
      for (const attack of GENERIC_ATTACKS) {
        const res = await app.app.inject({
          method: route.method as 'POST',
          url: attack.query ? `${url}?${attack.query}` : url,
          payload: attack.payload,
          headers: {
            ...(attack.contentType ? { 'content-type': attack.contentType } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          remoteAddress: randomIp(),
        });
        const where = `${routeKey(route)}, ${attack.name}`;
        answers.push({ label: where, status: res.statusCode });
        if (attack.refusedWithBody && route.method !== 'GET') expectClientError(res, where);
        else expect(res.statusCode, `${where}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
      }
    }
  }, 200_000);

  it('never answered a 5xx', () => {
    expect(answers.length).toBeGreaterThan(1000);
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
  });
});
