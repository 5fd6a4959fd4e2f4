import {
  ADMIN_MESSAGES,
  type AdminSubscription,
  type AdminUser,
  type AdminUserDetails,
  MESSAGES,
  type SubscriptionInfo,
  type User,
} from '@facturo/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { DAY_MS } from '../../lib/clock.js';
import {
  clientWithInvoice,
  createUser,
  signedInUser,
  uniqueEmail,
  uniqueSiret,
} from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { expirePlans } from '../subscription/subscription.repo.js';
import { updateUser } from '../users/users.repo.js';
import { signedInAdmin } from './admin-test-helpers.js';

let t: TestApp;
let admin: string;
let adminUser: User;
beforeAll(async () => {
  t = await startTestApp();
  ({ token: admin, user: adminUser } = await signedInAdmin(t));
});
afterAll(async () => t?.close());
beforeEach(() => t.clock.reset());

const get = (url: string, token = admin) => t.request({ method: 'GET', url, token });
const put = (url: string, body: unknown, token = admin) => t.request({ method: 'PUT', url, token, body });
const post = (url: string, token = admin) => t.request({ method: 'POST', url, token });
const listed = async (query: string) => {
  const res = await get(`/api/admin/users?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { users: res.json<AdminUser[]>(), total: Number(res.headers['x-total-count']) };
};
const details = async (id: string) => (await get(`/api/admin/users/${id}/details`)).json<AdminUserDetails>();
const adminSubscription = async (id: string) =>
  (await get(`/api/admin/users/${id}/subscription`)).json<AdminSubscription>();

describe('GET /admin/users', () => {
  it('lists users with the SPEC §3 fields and the last login, never a hash or a token', async () => {
    const { user } = await signedInUser(t, { nom: 'Lefebvre' });
    const { users: found, total } = await listed(`q=${encodeURIComponent(user.email)}`);
    expect(total).toBe(1);
    expect(found[0]).toMatchObject({
      _id: user._id,
      nom: 'Lefebvre',
      email: user.email,
      role: 'professionnel',
      planActuel: 'essai',
      isBanned: false,
      emailVerified: true,
      factureCount: 0,
      subscriptionActive: false,
      lastLoginAt: expect.any(String),
    });
    const raw = JSON.stringify(found);
    expect(raw).not.toMatch(/passwordHash|password|tokenVersion|\$argon2/);
  });

  it('searches by name, e-mail and SIRET, and filters by role, plan and statut', async () => {
    const tag = `Zorglub${Date.now()}`;
    const siret = uniqueSiret();
    const pro = await createUser(t, { nom: tag, prenom: 'Anne', siret, plan: 'gratuit' });
    const banned = await createUser(t, { nom: tag, isBanned: true });
    const particulier = await createUser(t, { nom: tag, role: 'particulier', siret: null });
    const old = await createUser(t, { nom: tag });
    await t.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 60 * DAY_MS), updatedAt: new Date(Date.now() - 40 * DAY_MS) })
      .where(eq(users.id, old.id));

    const ids = (list: AdminUser[]) => list.map((u) => u._id).sort();
    expect((await listed(`q=${tag}`)).total).toBe(4);
    expect(ids((await listed(`q=${encodeURIComponent(`Anne ${tag}`)}`)).users)).toEqual([pro.id]);
    expect(ids((await listed(`q=${siret.slice(0, 3)}%20${siret.slice(3)}`)).users)).toContain(pro.id);
    expect(ids((await listed(`q=${pro.email.toUpperCase()}`)).users)).toEqual([pro.id]);
    expect(ids((await listed(`q=${tag}&role=particulier`)).users)).toEqual([particulier.id]);
    expect(ids((await listed(`q=${tag}&plan=gratuit`)).users)).toEqual([pro.id]);
    expect(ids((await listed(`q=${tag}&statut=banni`)).users)).toEqual([banned.id]);
    expect(ids((await listed(`q=${tag}&statut=inactif`)).users)).toEqual([old.id]);
    expect(ids((await listed(`q=${tag}&statut=nouveau`)).users)).toEqual(
      [pro.id, banned.id, particulier.id].sort(),
    );
    // LIKE's wildcards are searched as typed.
    expect((await listed('q=%25%25%25_')).total).toBe(0);
  });

  it('pages with limit and offset, the filtered total in X-Total-Count', async () => {
    const tag = `Pagine${Date.now()}`;
    for (let i = 0; i < 5; i++) await createUser(t, { nom: tag });
    const first = await listed(`q=${tag}&limit=2&offset=0`);
    const third = await listed(`q=${tag}&limit=2&offset=4`);
    expect(first.total).toBe(5);
    expect(first.users).toHaveLength(2);
    expect(third.users).toHaveLength(1);
    expect(first.users.map((u) => u._id)).not.toContain(third.users[0]?._id);
  });

  it('leaves closed accounts out', async () => {
    const tag = `Ferme${Date.now()}`;
    const closed = await createUser(t, { nom: tag });
    await updateUser(t.database.db, closed.id, { deletedAt: new Date() });
    expect((await listed(`q=${tag}`)).total).toBe(0);
  });

  it('refuses a bad filter or page with a French 400', async () => {
    for (const query of ['plan=platine', 'statut=fantome', 'limit=0', 'limit=201', 'offset=-1']) {
      const res = await get(`/api/admin/users?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errorType).toBe('validation_error');
    }
  });
});

describe('GET /admin/users/{id}/details', () => {
  it('shows the profile, the counts, the last logins with their address and the audit', async () => {
    const pro = await signedInUser(t);
    await clientWithInvoice(t, pro.token);
    await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: pro.user.email, password: pro.password },
      ip: '10.9.8.7',
    });
    await put(`/api/admin/users/${pro.user._id}/quotas`, { limiteFactures: 3, limiteClients: null });
    const body = await details(pro.user._id);
    expect(body.user).toMatchObject({ _id: pro.user._id, ville: 'Paris', deletedAt: null, factureCount: 1 });
    expect(body.counts).toEqual({ factures: 1, facturesRecues: 0, clients: 1, emails: 0 });
    expect(body.dernieresConnexions).toHaveLength(2);
    expect(body.dernieresConnexions[0]?.ip).toBe('10.9.8.7');
    expect(body.audit).toEqual([
      expect.objectContaining({
        action: 'quotas',
        adminEmail: adminUser.email,
        targetEmail: pro.user.email,
        before: { limiteFactures: null, limiteClients: null },
        after: { limiteFactures: 3, limiteClients: null },
      }),
    ]);
  });

  it('answers 404 with the French message for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'pas-un-id']) {
      const res = await get(`/api/admin/users/${id}/details`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errorType: 'not_found', message: ADMIN_MESSAGES.userNotFound });
    }
  });
});

describe('PUT /admin/extend-trial/{id}', () => {
  it('adds 7 or 15 days to a running trial, audited', async () => {
    const user = await createUser(t, { plan: 'essai', trialEndsAt: new Date(Date.now() + 2 * DAY_MS) });
    const before = await adminSubscription(user.id);
    const res = await put(`/api/admin/extend-trial/${user.id}`, { jours: 7 });
    expect(res.statusCode, res.body).toBe(200);
    const after = await adminSubscription(user.id);
    expect(Date.parse(after.dateFinEssai ?? '') - Date.parse(before.dateFinEssai ?? '')).toBe(7 * DAY_MS);
    expect(after.joursRestants).toBe(9);
    expect((await put(`/api/admin/extend-trial/${user.id}`, { jours: 15 })).statusCode).toBe(200);
    expect((await adminSubscription(user.id)).joursRestants).toBe(24);
    expect((await details(user.id)).audit.map((a) => a.action)).toEqual(['extend_trial', 'extend_trial']);
  });

  it('refuses another number of days (400) and a user not on a running trial (409)', async () => {
    const trial = await createUser(t, { plan: 'essai', trialEndsAt: new Date(Date.now() + DAY_MS) });
    for (const jours of [10, '7', null]) {
      const res = await put(`/api/admin/extend-trial/${trial.id}`, { jours });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContain(ADMIN_MESSAGES.badExtension);
    }
    const free = await createUser(t, { plan: 'gratuit' });
    const ended = await createUser(t, { plan: 'essai', trialEndsAt: new Date(Date.now() - DAY_MS) });
    for (const id of [free.id, ended.id]) {
      const res = await put(`/api/admin/extend-trial/${id}`, { jours: 7 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ errorType: 'conflict', message: ADMIN_MESSAGES.notOnTrial });
    }
    expect((await details(free.id)).audit).toEqual([]);
  });
});

describe('PUT /admin/users/{id}/plan', () => {
  it('grants premium without billing: no subscription, survives the sweep, said in the admin view', async () => {
    const pro = await signedInUser(t, { plan: 'gratuit' });
    const res = await put(`/api/admin/users/${pro.user._id}/plan`, { plan: 'premium' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminUser>()).toMatchObject({ planActuel: 'premium', subscriptionActive: true });
    // The lazy refresh of every request and the periodic sweep both leave a grant alone.
    t.clock.advance(40 * DAY_MS);
    await expirePlans(t.database.db, t.clock.now());
    const info = await signedInAgain(pro);
    expect(info.plan).toBe('premium');
    expect(info.facturesMensuel.limite).toBeNull();
    t.clock.reset(); // the admin's own session is a week long
    const view = await adminSubscription(pro.user._id);
    expect(view).toMatchObject({
      plan: 'premium',
      accordeParAdmin: true,
      provider: 'admin',
      totalPayeEstimeCents: 0,
      dernierPaiement: null,
      prochainPaiement: null,
    });
    expect((await details(pro.user._id)).audit[0]).toMatchObject({
      action: 'plan',
      before: { plan: 'gratuit', accordeParAdmin: false },
      after: { plan: 'premium', accordeParAdmin: true },
    });
  });

  it('starts a fresh trial on essai; refuses the current plan (409) and an unknown plan (400)', async () => {
    const user = await createUser(t, { plan: 'gratuit' });
    expect((await put(`/api/admin/users/${user.id}/plan`, { plan: 'essai' })).statusCode).toBe(200);
    expect((await adminSubscription(user.id)).joursRestants).toBe(15);
    const same = await put(`/api/admin/users/${user.id}/plan`, { plan: 'essai' });
    expect(same.statusCode).toBe(409);
    expect(same.json().errorType).toBe('conflict');
    for (const plan of ['gratuit', 'platine']) {
      const res = await put(`/api/admin/users/${user.id}/plan`, { plan });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContain(ADMIN_MESSAGES.unknownPlan);
    }
  });

  it('plans are for professionals: a particulier is refused (409 professional_only)', async () => {
    const particulier = await createUser(t, { role: 'particulier', siret: null, plan: 'gratuit' });
    const res = await put(`/api/admin/users/${particulier.id}/plan`, { plan: 'premium' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorType).toBe('professional_only');
    expect((await details(particulier.id)).audit).toEqual([]);
  });

  it('a checkout afterwards replaces the grant with the paid plan', async () => {
    const pro = await signedInUser(t, { plan: 'gratuit' });
    await put(`/api/admin/users/${pro.user._id}/plan`, { plan: 'business' });
    const checkout = await t.request({
      method: 'POST',
      url: '/api/subscription/create-checkout-session',
      token: pro.token,
      body: { planName: 'premium' },
    });
    const { sessionId } = checkout.json<{ sessionId: string }>();
    await t.request({
      method: 'POST',
      url: `/api/subscription/test-checkout/${sessionId}/confirm`,
      token: pro.token,
    });
    const view = await adminSubscription(pro.user._id);
    expect(view).toMatchObject({ plan: 'premium', accordeParAdmin: false, provider: 'test' });
    expect(view.totalPayeEstimeCents).toBe(999);
    expect(view.prochainPaiement).not.toBeNull();
  });
});

async function signedInAgain(user: { user: User; password: string }) {
  const login = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    body: { email: user.user.email, password: user.password },
  });
  const token = login.json<{ token: string }>().token;
  return (await get('/api/subscription/info', token)).json<SubscriptionInfo>();
}

describe('PUT /admin/users/{id}/ban', () => {
  it('revokes every session at once, login answers 403 account_banned; unban restores access', async () => {
    const pro = await signedInUser(t);
    const ban = await put(`/api/admin/users/${pro.user._id}/ban`, { isBanned: true });
    expect(ban.statusCode, ban.body).toBe(200);
    expect(ban.json<AdminUser>().isBanned).toBe(true);
    expect((await get('/api/users/me', pro.token)).statusCode).toBe(401);
    const login = () =>
      t.request({
        method: 'POST',
        url: '/api/auth/login',
        body: { email: pro.user.email, password: pro.password },
      });
    const refused = await login();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errorType: 'account_banned', message: MESSAGES.banned });

    expect((await put(`/api/admin/users/${pro.user._id}/ban`, { isBanned: false })).statusCode).toBe(200);
    const back = await login();
    expect(back.statusCode).toBe(200);
    expect((await get('/api/users/me', back.json<{ token: string }>().token)).statusCode).toBe(200);
    // The old session stays revoked: unbanning does not bring back tokens issued before the ban.
    expect((await get('/api/users/me', pro.token)).statusCode).toBe(401);
    const audit = (await details(pro.user._id)).audit;
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ['unban', { isBanned: true }, { isBanned: false }],
      ['ban', { isBanned: false }, { isBanned: true }],
    ]);
  });

  it('an admin cannot ban themselves; a non-boolean is a 400', async () => {
    const self = await put(`/api/admin/users/${adminUser._id}/ban`, { isBanned: true });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ errorType: 'conflict', message: ADMIN_MESSAGES.cannotBanSelf });
    expect((await get('/api/admin/stats')).statusCode).toBe(200);
    const user = await createUser(t);
    expect((await put(`/api/admin/users/${user.id}/ban`, { isBanned: 'oui' })).statusCode).toBe(400);
  });

  it('a closed account takes no more actions (409)', async () => {
    const user = await createUser(t);
    await updateUser(t.database.db, user.id, { deletedAt: new Date() });
    const res = await put(`/api/admin/users/${user.id}/ban`, { isBanned: true });
    expect(res.statusCode).toBe(409);
    expect((await details(user.id)).user.deletedAt).not.toBeNull();
  });
});

describe('GET /admin/users/{id}/usage-history and /export', () => {
  it('counts invoices, clients and e-mails per month, every month present', async () => {
    const pro = await signedInUser(t);
    const { invoice } = await clientWithInvoice(t, pro.token);
    const sent = await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/send-email`,
      token: pro.token,
      body: { to: uniqueEmail('compta'), subject: 'Facture', message: 'Bonjour' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const res = await get(`/api/admin/users/${pro.user._id}/usage-history?mois=3`);
    expect(res.statusCode, res.body).toBe(200);
    const months = res.json<{ mois: string; factures: number; clients: number; emails: number }[]>();
    expect(months).toHaveLength(3);
    expect(months.at(-1)).toMatchObject({ factures: 1, clients: 1, emails: 1 });
    expect(months[0]).toMatchObject({ factures: 0, clients: 0, emails: 0 });
    expect((await get(`/api/admin/users/${pro.user._id}/usage-history?mois=25`)).statusCode).toBe(400);
    // Six months unless told otherwise.
    expect((await get(`/api/admin/users/${pro.user._id}/usage-history`)).json()).toHaveLength(6);
  });

  it('exports the same document as the user gets from /export/user-data, as a file, audited', async () => {
    const pro = await signedInUser(t);
    await clientWithInvoice(t, pro.token);
    const own = await get('/api/export/user-data', pro.token);
    const res = await get(`/api/admin/users/${pro.user._id}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="donnees-facturo-.+\.json"$/);
    const { exportDate: _a, ...adminCopy } = res.json<Record<string, unknown>>();
    const { exportDate: _b, ...userCopy } = own.json<Record<string, unknown>>();
    expect(adminCopy).toEqual(userCopy);
    expect((await details(pro.user._id)).audit[0]).toMatchObject({ action: 'export' });
  });
});

describe('sign-ins are counted as they happen', () => {
  it('each login adds one to totalLogins', async () => {
    const user = await createUser(t);
    const before = (await get('/api/admin/stats')).json<{ totalLogins: number }>().totalLogins;
    for (let i = 0; i < 2; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        body: { email: user.email, password: user.password },
      });
      expect(res.statusCode).toBe(200);
    }
    const after = (await get('/api/admin/stats')).json<{ totalLogins: number }>().totalLogins;
    expect(after).toBeGreaterThanOrEqual(before + 2);
    expect((await details(user.id)).dernieresConnexions).toHaveLength(2);
  });

  it('a wrong password is no login', async () => {
    const user = await createUser(t);
    await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: user.email, password: 'Faux!2026xx' },
    });
    expect((await details(user.id)).dernieresConnexions).toEqual([]);
  });

  it('admin reads use no action of their own: the audit stays empty', async () => {
    const user = await createUser(t);
    await get(`/api/admin/users/${user.id}/details`);
    await get(`/api/admin/users/${user.id}/subscription`);
    await post(`/api/admin/users/${user.id}/reset-quotas`);
    expect((await details(user.id)).audit.map((a) => a.action)).toEqual(['reset_quotas']);
  });
});
