import { ADMIN_MESSAGES, type AdminUser, type AdminUserDetails, type User } from '@facturo/shared';
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
    // Accents and case aside: « anné » finds « Anne », as « anne » would find « Anné ».
    expect(ids((await listed(`q=${encodeURIComponent(`ANNÉ ${tag}`)}`)).users)).toEqual([pro.id]);
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
