import {
  ADMIN_MESSAGES,
  type AdminSubscription,
  type AdminUser,
  type AdminUserDetails,
  MESSAGES,
  type SubscriptionInfo,
  type User,
} from '@facturo/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../lib/clock.js';
import { createUser, signedInUser } from '../../test/factories.js';
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
const details = async (id: string) => (await get(`/api/admin/users/${id}/details`)).json<AdminUserDetails>();
const adminSubscription = async (id: string) =>
  (await get(`/api/admin/users/${id}/subscription`)).json<AdminSubscription>();

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
    // A page left open learns why: 403 account_banned, not « Session expirée ».
    const open = await get('/api/users/me', pro.token);
    expect(open.statusCode).toBe(403);
    expect(open.json()).toEqual({ errorType: 'account_banned', message: MESSAGES.banned });
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
