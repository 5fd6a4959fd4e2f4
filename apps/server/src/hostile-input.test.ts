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
  textKinds,
  unstorableCharacterMessage,
} from '@facturo/shared';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HOUR_MS } from './lib/clock.js';
import { issueEmailToken } from './modules/auth/email-tokens.repo.js';
import { storeCompanies } from './modules/company-search/company-search-cache.js';
import { notifyNow } from './modules/notifications/notifications-test-kit.js';
import { createPurchase, purchaseBody } from './modules/purchases/purchases-test-kit.js';
import { insertUser } from './modules/users/users.repo.js';
import { receivedSupplierInvoice } from './test/einvoice-samples.js';
import {
  clientBody,
  createUser,
  STRONG_PASSWORD,
  signedInUser,
  uniqueEmail,
  uniqueSiret,
} from './test/factories.js';
import { startTestApp, type TestApp } from './test/harness.js';

/**
 * Every text field of every request, from the route table itself: each field of a valid request is
 * replaced in turn by what the text rule (packages/shared/src/text.ts) must refuse, and the answer
 * must be a French 400 validation_error, never a 500. A new route with a body or a query cannot
 * escape: without a valid example below, this test fails.
 */

interface DeclaredRoute {
  method: string;
  url: string;
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
}

const routes: DeclaredRoute[] = [];
let t: TestApp;
const answers: { label: string; status: number }[] = [];

beforeAll(async () => {
  t = await startTestApp({}, { onRoute: (route) => collect(route) });
});
afterAll(async () => t?.close());

function collect(route: RouteOptions): void {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const zod = (value: unknown) => (value instanceof z.ZodType ? value : undefined);
  for (const method of methods) {
    if (method === 'HEAD' || !route.url.startsWith('/api/')) continue;
    routes.push({
      method,
      url: route.url,
      body: zod(schema.body),
      querystring: zod(schema.querystring),
      params: zod(schema.params),
    });
  }
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
}

async function send(example: Example, route: DeclaredRoute): Promise<LightMyRequestResponse> {
  const query = example.query ? `?${new URLSearchParams(example.query).toString()}` : '';
  const url = `${example.url}${query}`;
  const res = await t.request({
    method: route.method as 'GET',
    url,
    body: example.body,
    token: example.token,
  });
  answers.push({ label: `${route.method} ${url}`, status: res.statusCode });
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
      urlApi: 'https://pa.example/flow-service',
      urlJeton: 'https://pa.example/token',
      identifiantClient: 'client-facturo',
      secretClient: 'secret-client',
      secretWebhook: 'secret-webhook',
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
};

/** A string field, or a closed choice, somewhere in a request schema. */
interface Leaf {
  path: (string | number)[];
  kind: 'single-line' | 'multi-line' | 'choice' | 'untagged';
}

/** The string leaves of a zod schema, through objects, arrays, unions, defaults, optionals and pipes. */
function leavesOf(schema: z.ZodType, path: (string | number)[] = []): Leaf[] {
  if (schema instanceof z.ZodObject) {
    return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, value]) =>
      leavesOf(value, [...path, key]),
    );
  }
  if (schema instanceof z.ZodArray) return leavesOf(schema.element as z.ZodType, [...path, 0]);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return leavesOf(schema.unwrap() as z.ZodType, path);
  }
  if (schema instanceof z.ZodPipe) {
    // A preprocess is a pipe from a transform: the field's schema is on its way out.
    return leavesOf((schema.in instanceof z.ZodTransform ? schema.out : schema.in) as z.ZodType, path);
  }
  if (schema instanceof z.ZodUnion) {
    const found = (schema.options as z.ZodType[]).flatMap((option) => leavesOf(option, path));
    // A string option wins over a literal of the same field (siret: string | '' | null).
    return found.filter((leaf, i) => found.findIndex((other) => samePath(other.path, leaf.path)) === i);
  }
  if (schema instanceof z.ZodString) return [{ path, kind: textKinds.get(schema)?.kind ?? 'untagged' }];
  if (schema instanceof z.ZodEnum) return [{ path, kind: 'choice' }];
  if (schema instanceof z.ZodLiteral && schema.values.size > 0) {
    return [...schema.values].some((v) => typeof v === 'string') ? [{ path, kind: 'choice' }] : [];
  }
  return [];
}

const samePath = (a: (string | number)[], b: (string | number)[]) => a.join('.') === b.join('.');

function withValue(
  body: Record<string, unknown>,
  path: (string | number)[],
  value: string,
): Record<string, unknown> {
  const copy = structuredClone(body);
  let node: Record<string | number, unknown> = copy;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    if (typeof next !== 'object' || next === null) node[key] = typeof path[i + 1] === 'number' ? [{}] : {};
    node = node[key] as Record<string | number, unknown>;
  });
  return copy;
}

const HOSTILE = [
  { name: 'U+0000', value: 'a\u0000b', message: unstorableCharacterMessage },
  { name: 'a lone surrogate', value: 'a\ud800b', message: unstorableCharacterMessage },
] as const;

function expectRefused(res: LightMyRequestResponse, leaf: Leaf, message?: string): void {
  const where = `${leaf.path.join('.')}: ${res.body}`;
  expect(res.statusCode, where).toBe(400);
  const body = res.json<{ errorType: string; message: string; errors: string[] }>();
  expect(body.errorType, where).toBe('validation_error');
  expect(body.message, where).toMatch(/[a-zà-ÿ]{3,}/i);
  expect(body.message, where).not.toMatch(/^Invalid|expected/i);
  if (message) expect(body.errors, where).toContain(message);
}

const routeKey = (route: DeclaredRoute) => `${route.method} ${route.url}`;
const takesInput = (route: DeclaredRoute) => route.body !== undefined || route.querystring !== undefined;

describe('hostile text in every request', () => {
  it('finds the routes, and every route with a body or a query has a valid example', () => {
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes
      .filter(takesInput)
      .map(routeKey)
      .filter((key) => !Object.keys(EXAMPLES).some((example) => example.split(' (')[0] === key));
    expect(missing, 'routes without an example in EXAMPLES').toEqual([]);
  });

  it('refuses U+0000, lone surrogates and line breaks where they do not belong, in every text field', async () => {
    for (const [label, make] of Object.entries(EXAMPLES)) {
      const key = label.split(' (')[0] ?? label;
      const route = routes.find((r) => routeKey(r) === key);
      expect(route, `${label}: no such route any more`).toBeDefined();
      if (!route) continue;
      const example = await make();
      const valid = await send(example, route);
      expect([200, 201, 202, 204], `${label}, valid example: ${valid.body}`).toContain(valid.statusCode);

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
          const variant = (value: string): Example =>
            place === 'body'
              ? { ...base, body: withValue(original, leaf.path, value) }
              : {
                  ...base,
                  query: { ...(original as Record<string, string>), [String(leaf.path[0])]: value },
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
        }
      }
    }
    // Hundreds of requests, one per field and character: minutes on a loaded 2-core machine, not 30 s.
  }, 180_000);

  it('refuses the same characters in path parameters', async () => {
    const { token: userToken } = await signedInUser(t);
    // The admin guard answers 403 to anyone else before validation: admin routes are tried as the admin.
    const admin = await adminToken();
    const withParams = routes.filter((route) => route.params !== undefined);
    expect(withParams.length).toBeGreaterThan(10);
    for (const route of withParams) {
      const token = route.url.startsWith('/api/admin/') ? admin : userToken;
      for (const encoded of ['a%00b', 'a%0Ab', 'a%0Db']) {
        const url = route.url.replace(/:[A-Za-z]+/g, encoded);
        const res = await t.request({ method: route.method as 'GET', url, token });
        answers.push({ label: `${routeKey(route)} ${url}`, status: res.statusCode });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
        expect(res.json().errorType).toBe('validation_error');
      }
      // Percent-encoded lone surrogate: not UTF-8 at all, so refused in any way but a 500.
      const url = route.url.replace(/:[A-Za-z]+/g, 'a%ED%A0%80b');
      const res = await t.request({ method: route.method as 'GET', url, token });
      answers.push({ label: `${routeKey(route)} ${url}`, status: res.statusCode });
      expect(res.statusCode, `${url}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
    }
  });

  it('never answered a 500', () => {
    expect(answers.length).toBeGreaterThan(100);
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
  });
});
