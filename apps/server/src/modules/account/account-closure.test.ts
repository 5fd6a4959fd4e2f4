import { ADMIN_MESSAGES, type Conversation, type Invoice, MESSAGES } from '@facturo/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  clients,
  conversations,
  emailTokens,
  legalMentions,
  liveEvents,
  messages,
  quotes,
  subscriptions,
  userLogos,
  users,
} from '../../db/schema.js';
import {
  createClient,
  createUser,
  STRONG_PASSWORD,
  signedInUser,
  uniqueSiret,
} from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { openSupport, readMessages, send } from '../messaging/messaging-test-helpers.js';
import { createQuote } from '../quotes/quote-test-kit.js';
import { testModeProvider } from '../subscription/payment-provider.js';
import { closedAccountEmail } from './account-closure.repo.js';

/** The test mode, plus a Stripe-like cancelNow that records its calls (and fails for « sub_fail… »). */
const cancelled: string[] = [];
const provider = {
  ...testModeProvider(),
  async cancelNow(subscription: { subscriptionId: string | null }) {
    if (subscription.subscriptionId?.startsWith('sub_fail')) throw new Error('Stripe indisponible');
    cancelled.push(subscription.subscriptionId ?? '');
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { paymentProvider: provider });
});
afterAll(async () => t.close());
beforeEach(() => t.clock.reset());

const me = (token: string) => t.request({ method: 'GET', url: '/api/users/me', token });
const closeOwn = (token: string, password: string) =>
  t.request({ method: 'DELETE', url: '/api/users/me', token, body: { password } });

/** The one admin of this app (ADMIN_EMAIL), signed in once for the whole file. */
let admin: ReturnType<typeof signedInUser> | undefined;
function signedInAdmin() {
  admin ??= signedInUser(t, { email: t.config.adminEmails[0], isAdmin: true });
  return admin;
}

/**
 * An issuer with: an invoice sent on the platform to a recipient account, a client without invoices,
 * saved legal mentions, a logo and a pending e-mail link.
 */
async function issuerWithHistory() {
  const recipient = await signedInUser(t, { role: 'particulier', siret: null, prenom: 'Jeanne' });
  const issuer = await signedInUser(t, { nom: 'Benali', prenom: 'Nora' });
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
  expect(created.statusCode).toBe(201);
  const invoice = created.json<Invoice>();
  const sent = await t.request({
    method: 'POST',
    url: `/api/factures/${invoice._id}/send-internal`,
    token: issuer.token,
  });
  expect(sent.statusCode).toBe(200);
  const lonely = await createClient(t, issuer.token);
  const mentions = await t.request({
    method: 'PUT',
    url: '/api/mentions-legales',
    token: issuer.token,
    body: { conditionsPaiement: 'Paiement à réception.' },
  });
  expect(mentions.statusCode).toBe(200);
  const db = t.database.db;
  await db.insert(userLogos).values({
    userId: issuer.user._id,
    bytes: Buffer.from('not really a png'),
    contentType: 'image/png',
    width: 1,
    height: 1,
  });
  await db.insert(emailTokens).values({
    userId: issuer.user._id,
    purpose: 'reset_password',
    tokenHash: `hash-${issuer.user._id}`,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return { issuer, recipient, client, lonely, invoice };
}

describe('DELETE /api/users/me', () => {
  it('refuses a wrong password with a 400 wrong_password, and the account stays open', async () => {
    const { token } = await signedInUser(t);
    const res = await closeOwn(token, 'pas-le-bon-mot-de-passe');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errorType: 'wrong_password', message: MESSAGES.wrongPassword });
    expect((await me(token)).statusCode).toBe(200);
  });

  it('asks for the password in French when it is missing', async () => {
    const { token } = await signedInUser(t);
    const res = await t.request({ method: 'DELETE', url: '/api/users/me', token, body: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorType: 'validation_error',
      message: 'Saisissez votre mot de passe.',
    });
  });

  it('closes the account: session revoked, a read-only archive until erased at its holder’s request, invoices kept for the recipient', async () => {
    const { issuer, recipient, client, lonely, invoice } = await issuerWithHistory();
    const res = await closeOwn(issuer.token, issuer.password);
    expect(res.statusCode).toBe(204);

    // The session is gone, and so is the sign-in.
    const after = await me(issuer.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().errorType).toBe('unauthorized');
    // It issued invoices: the books stay readable (a read-only archive, Code de commerce L123-22) until
    // its holder, having downloaded them, asks for immediate erasure.
    const archive = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: issuer.user.email, password: issuer.password },
    });
    expect(archive.statusCode, archive.body).toBe(200);
    const erased = await t.request({
      method: 'DELETE',
      url: '/api/users/me/archive',
      token: archive.json<{ token: string }>().token,
      body: { password: issuer.password, archiveTelechargee: true },
    });
    expect(erased.statusCode, erased.body).toBeLessThan(300);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: issuer.user.email, password: issuer.password },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().errorType).toBe('invalid_credentials');

    // The row is a tombstone.
    const db = t.database.db;
    const [row] = await db.select().from(users).where(eq(users.id, issuer.user._id));
    expect(row).toMatchObject({
      email: closedAccountEmail(issuer.user._id),
      passwordHash: null,
      nom: '',
      prenom: '',
      siret: null,
      adresse: '',
      iban: '',
      isAdmin: false,
      plan: 'gratuit',
      tokenVersion: 2,
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    // Nor is the placeholder address an account: no sign-in (refused as any unknown address), no reset
    // e-mail to it.
    for (const [url, status, errorType] of [
      ['/api/auth/login', 401, 'invalid_credentials'],
      ['/api/auth/reset-password', 404, 'account_not_found'],
    ] as const) {
      const placeholder = await t.request({
        method: 'POST',
        url,
        body: { email: closedAccountEmail(issuer.user._id), password: issuer.password },
      });
      expect(placeholder.statusCode, url).toBe(status);
      expect(placeholder.json().errorType).toBe(errorType);
    }
    expect(await db.select().from(userLogos).where(eq(userLogos.userId, issuer.user._id))).toEqual([]);
    expect(await db.select().from(legalMentions).where(eq(legalMentions.userId, issuer.user._id))).toEqual(
      [],
    );
    expect(await db.select().from(emailTokens).where(eq(emailTokens.userId, issuer.user._id))).toEqual([]);
    const left = await db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.ownerId, issuer.user._id));
    expect(left.map((c) => c.id)).toEqual([client._id]);
    expect(left.map((c) => c.id)).not.toContain(lonely._id);

    // The recipient still has the invoice, as it was issued: list, detail, PDF and export.
    const received = await t.request({
      method: 'GET',
      url: '/api/factures/received',
      token: recipient.token,
    });
    expect(received.statusCode).toBe(200);
    const [copy] = received.json<Invoice[]>();
    expect(copy).toMatchObject({
      _id: invoice._id,
      numero: invoice.numero,
      emetteur: { nom: 'Benali', prenom: 'Nora' },
    });
    const detail = await t.request({
      method: 'GET',
      url: `/api/factures/${invoice._id}`,
      token: recipient.token,
    });
    expect(detail.statusCode).toBe(200);
    // A list row is narrow (issue 16): the issuer's SIRET is on the detail.
    expect(detail.json<Invoice>().emetteur).toMatchObject({ siret: issuer.user.siret });
    const pdf = await t.request({
      method: 'GET',
      url: `/api/factures/${invoice._id}/pdf`,
      token: recipient.token,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const exported = await t.request({ method: 'GET', url: '/api/export/factures', token: recipient.token });
    expect(exported.json<{ recues: Invoice[] }>().recues.map((i) => i._id)).toEqual([invoice._id]);
  });

  it('frees the address: the same e-mail registers again as a new account', async () => {
    const { email, password, id } = await createUser(t);
    const login = await t.request({ method: 'POST', url: '/api/auth/login', body: { email, password } });
    expect((await closeOwn(login.json().token, password)).statusCode).toBe(204);
    const again = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      body: {
        email,
        password: STRONG_PASSWORD,
        nom: 'Durand',
        prenom: 'Élodie',
        role: 'professionnel',
        siret: uniqueSiret(),
      },
    });
    expect(again.statusCode, again.body).toBe(201);
    const [fresh] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(fresh?.id).not.toBe(id);
    expect(fresh?.deletedAt).toBeNull();
  });

  it('erases the messages and the live events; keeps the clients a quote names, and the quote', async () => {
    const { issuer, recipient, invoice } = await issuerWithHistory();
    // A quote for a client that has no invoice: the client stays (the quote names it), so does the quote.
    const quoted = await createClient(t, issuer.token);
    const quote = await createQuote(t, issuer.token, quoted._id);
    // Support: the issuer's own thread; the invoice's thread: one message from each side.
    const support = await openSupport(t, issuer.token);
    await send(t, issuer.token, support._id, 'Bonjour le support, voici mon IBAN…');
    const opened = await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/conversation`,
      token: issuer.token,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const thread = opened.json<Conversation>()._id;
    await send(t, issuer.token, thread, 'Message de l’émettrice');
    await send(t, recipient.token, thread, 'Réponse du destinataire');

    const res = await closeOwn(issuer.token, issuer.password);
    expect(res.statusCode, res.body).toBe(204);

    const db = t.database.db;
    expect(await db.select().from(conversations).where(eq(conversations.id, support._id))).toEqual([]);
    expect(await db.select().from(messages).where(eq(messages.senderId, issuer.user._id))).toEqual([]);
    expect(await db.select().from(liveEvents).where(eq(liveEvents.userId, issuer.user._id))).toEqual([]);
    // The recipient keeps the invoice's thread and their own words in it.
    const left = await readMessages(t, recipient.token, thread);
    expect(left.map((m) => m.contenu)).toEqual(['Réponse du destinataire']);
    const kept = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, quoted._id));
    expect(kept).toHaveLength(1);
    expect(await db.select({ id: quotes.id }).from(quotes).where(eq(quotes.id, quote._id))).toHaveLength(1);
  });

  it('an admin who leaves: their answers as support stay in the threads of those they answered', async () => {
    const asker = await signedInUser(t);
    const agent = await signedInUser(t, { isAdmin: true, prenom: 'Sacha', nom: 'Admin' });
    const thread = await openSupport(t, asker.token);
    await send(t, asker.token, thread._id, 'Comment exporter mes factures ?');
    await send(t, agent.token, thread._id, 'Depuis la liste des factures, bouton Export.');
    expect((await closeOwn(agent.token, agent.password)).statusCode).toBe(204);
    const left = await readMessages(t, asker.token, thread._id);
    expect(left.map((m) => m.contenu)).toEqual([
      'Comment exporter mes factures ?',
      'Depuis la liste des factures, bouton Export.',
    ]);
  });

  it('ends a Stripe subscription in the database, then cancels it at Stripe after the commit', async () => {
    const { token, user, password } = await signedInUser(t, { plan: 'premium' });
    await paidSubscription(user._id, `sub_${user._id}`);
    expect((await closeOwn(token, password)).statusCode).toBe(204);
    expect(cancelled).toContain(`sub_${user._id}`);
    const [sub] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user._id));
    expect(sub?.status).toBe('expire');
  });

  it('closes the account even when Stripe does not answer (best effort, logged)', async () => {
    const { token, user, password } = await signedInUser(t, { plan: 'premium' });
    await paidSubscription(user._id, `sub_fail_${user._id}`);
    expect((await closeOwn(token, password)).statusCode).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user._id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
  });
});

async function paidSubscription(userId: string, subscriptionId: string) {
  const now = Date.now();
  await t.database.db.insert(subscriptions).values({
    userId,
    plan: 'premium',
    status: 'actif',
    provider: 'stripe',
    customerId: 'cus_1',
    subscriptionId,
    currentPeriodStart: new Date(now - 86_400_000),
    currentPeriodEnd: new Date(now + 29 * 86_400_000),
  });
}

describe('DELETE /api/admin/users/{id}', () => {
  it('closes the account, keeps the recipient’s invoices and writes the audit in the same transaction', async () => {
    const { token: adminToken, user: adminUser } = await signedInAdmin();
    const { issuer, recipient, invoice } = await issuerWithHistory();
    const res = await t.request({
      method: 'DELETE',
      url: `/api/admin/users/${issuer.user._id}`,
      token: adminToken,
    });
    expect(res.statusCode).toBe(204);
    expect((await me(issuer.token)).statusCode).toBe(401);
    const pdf = await t.request({
      method: 'GET',
      url: `/api/factures/${invoice._id}/pdf`,
      token: recipient.token,
    });
    expect(pdf.statusCode).toBe(200);
    // Kept for the retention period: the admin still exports what the closed account issued.
    const exported = await t.request({
      method: 'GET',
      url: `/api/admin/users/${issuer.user._id}/export`,
      token: adminToken,
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const document = JSON.parse(exported.body) as {
      factures: { emises: Invoice[] };
      profil: { email: string };
    };
    expect(document.factures.emises.map((i) => i.numero)).toEqual([invoice.numero]);
    // The read-only archive keeps the address its holder signs in with (users.archive_email).
    expect(document.profil.email).toBe(issuer.user.email);
    const audit = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetUserId, issuer.user._id))
      .orderBy(adminAuditLog.createdAt);
    expect(audit.map((a) => a.action)).toEqual(['delete', 'export']);
    expect(audit[0]).toMatchObject({
      action: 'delete',
      adminId: adminUser._id,
      adminEmail: adminUser.email,
      targetEmail: issuer.user.email,
      after: { facturesConservees: 1 },
    });
  });

  it('never closes the admin’s own account (409, SPEC §8 wording)', async () => {
    const { token: adminToken, user: adminUser } = await signedInAdmin();
    const res = await t.request({
      method: 'DELETE',
      url: `/api/admin/users/${adminUser._id}`,
      token: adminToken,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ errorType: 'conflict', message: ADMIN_MESSAGES.cannotDeleteSelf });
    expect((await me(adminToken)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown, malformed or already closed account', async () => {
    const { token: adminToken } = await signedInAdmin();
    const closed = await signedInUser(t);
    expect((await closeOwn(closed.token, closed.password)).statusCode).toBe(204);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'pas-un-id', closed.user._id]) {
      const res = await t.request({ method: 'DELETE', url: `/api/admin/users/${id}`, token: adminToken });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errorType: 'not_found', message: ADMIN_MESSAGES.userNotFound });
    }
  });

  it('is refused to a non-admin (403) and without a session (401)', async () => {
    const target = await signedInUser(t);
    const other = await signedInUser(t);
    const url = `/api/admin/users/${target.user._id}`;
    expect((await t.request({ method: 'DELETE', url, token: other.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await me(target.token)).statusCode).toBe(200);
  });
});

describe('lastSeenAt', () => {
  const seenAt = async (id: string) =>
    (await t.database.db.select({ at: users.lastSeenAt }).from(users).where(eq(users.id, id)))[0]?.at;

  it('is written by an authenticated request, at most once a minute', async () => {
    const { token, user } = await signedInUser(t);
    await me(token);
    const first = await seenAt(user._id);
    expect(first).toBeInstanceOf(Date);
    t.clock.advance(30_000);
    await me(token);
    expect(await seenAt(user._id)).toEqual(first);
    t.clock.advance(31_000);
    await me(token);
    expect((await seenAt(user._id))?.getTime()).toBeGreaterThan(first?.getTime() ?? 0);
  });
});
