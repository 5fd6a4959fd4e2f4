import { ADMIN_ACTIONS, type AdminAction } from '@facturo/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, subscriptions, users } from '../../db/schema.js';
import { DAY_MS } from '../../lib/clock.js';
import { createClient, createUser, signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { saveSubscription } from '../subscription/subscription.repo.js';
import { findUserById } from '../users/users.repo.js';
import { signedInAdmin } from './admin-test-helpers.js';

/*
 * The calls that reach every account (POST /admin/reset-quotas, POST /admin/sync-subscriptions) and the
 * proof that each admin action and its audit entry are one transaction. A database of this file's own
 * (privateDatabase), so the counts are exact and no other test file sees everyone's quotas restart.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp({}, { privateDatabase: true });
  ({ token: admin } = await signedInAdmin(t));
});
afterAll(async () => t?.close());

const post = (url: string, token = admin) => t.request({ method: 'POST', url, token });
const clientsUsed = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/subscription/info', token })).json<{
    clients: { utilise: number };
  }>().clients.utilise;
const auditOf = (action: AdminAction) =>
  t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, action));

/** Test-mode subscriptions: one whose period is over, one running, one under an admin's grant. */
async function threeSubscriptions() {
  const ended = await signedInUser(t, { plan: 'premium' });
  const running = await signedInUser(t, { plan: 'business' });
  const granted = await signedInUser(t, { plan: 'premium', planGrantedByAdmin: true });
  const now = Date.now();
  const period = (start: number, end: number) => ({
    status: 'actif' as const,
    provider: 'test' as const,
    currentPeriodStart: new Date(start),
    currentPeriodEnd: new Date(end),
  });
  await saveSubscription(t.database.db, ended.user._id, {
    plan: 'premium',
    ...period(now - 40 * DAY_MS, now - DAY_MS),
  });
  await saveSubscription(t.database.db, running.user._id, {
    plan: 'business',
    ...period(now, now + 20 * DAY_MS),
  });
  await saveSubscription(t.database.db, granted.user._id, {
    plan: 'premium',
    ...period(now - 40 * DAY_MS, now - DAY_MS),
  });
  return { ended: ended.user._id, running: running.user._id, granted: granted.user._id };
}

describe('POST /admin/reset-quotas', () => {
  it('resets every open account, with one audit entry for all', async () => {
    const pro = await signedInUser(t, { plan: 'gratuit' });
    await createClient(t, pro.token);
    expect(await clientsUsed(pro.token)).toBe(1);
    const [{ open } = { open: 0 }] = await t.database.db
      .select({ open: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`${users.deletedAt} is null`);
    const res = await post('/api/admin/reset-quotas');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ comptes: open });
    expect(await clientsUsed(pro.token)).toBe(0);
    const entries = await auditOf('reset_quotas_all');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ targetUserId: null, after: { comptes: open } });
  });
});

describe('POST /admin/sync-subscriptions (test mode)', () => {
  it('answers {verifiees, corrigees}: ended periods expire; running ones and admin grants stay', async () => {
    const { ended, running, granted } = await threeSubscriptions();
    const res = await post('/api/admin/sync-subscriptions');
    expect(res.statusCode, res.body).toBe(200);
    // The three live subscriptions are read; the two whose period is over are corrected.
    expect(res.json()).toEqual({ verifiees: 3, corrigees: 2 });

    const statusOf = async (id: string) =>
      (await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, id)))[0]?.status;
    expect(await statusOf(ended)).toBe('expire');
    expect(await statusOf(running)).toBe('actif');
    expect((await findUserById(t.database.db, ended))?.plan).toBe('gratuit');
    expect((await findUserById(t.database.db, running))?.plan).toBe('business');
    expect((await findUserById(t.database.db, granted))?.plan).toBe('premium');

    // Nothing left to correct: a second run only verifies the one still running.
    const again = await post('/api/admin/sync-subscriptions');
    expect(again.json()).toEqual({ verifiees: 1, corrigees: 0 });
    const audit = await auditOf('sync_subscriptions');
    expect(audit.map((a) => a.after)).toEqual([
      { verifiees: 3, corrigees: 2 },
      { verifiees: 1, corrigees: 0 },
    ]);
  });
});

describe('an admin action and its audit entry are one transaction', () => {
  /** An admin whose audit entries the database refuses (a trigger): each of their actions must fail whole. */
  const BROKEN = 'journal-en-panne@facturo.test';

  it('when the audit cannot be written, every action answers 500 and changes nothing', async () => {
    await t.database.db.execute(sql`
      create or replace function refuse_audit() returns trigger language plpgsql as $$
      begin
        if new.admin_email = ${sql.raw(`'${BROKEN}'`)} then
          raise exception 'journal d''administration indisponible';
        end if;
        return new;
      end $$`);
    await t.database.db.execute(sql`
      create trigger refuse_audit before insert on admin_audit_log
      for each row execute function refuse_audit()`);
    const { token } = await signedInUser(t, { email: BROKEN, isAdmin: true });

    const trial = await createUser(t, { plan: 'essai', trialEndsAt: new Date(Date.now() + 5 * DAY_MS) });
    const banned = await createUser(t, { isBanned: true });
    // Flagged, and nobody else holds its SIRET: its restoration would succeed but for the audit.
    const duplicate = await createUser(t, { siretDuplicate: true });
    await threeSubscriptions();
    const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) =>
      t.request({ method, url, token, body });
    /** One call per audited action: a new action without its line here fails the test. */
    const calls: Record<AdminAction, () => ReturnType<typeof call>> = {
      extend_trial: () => call('PUT', `/api/admin/extend-trial/${trial.id}`, { jours: 7 }),
      plan: () => call('PUT', `/api/admin/users/${trial.id}/plan`, { plan: 'premium' }),
      ban: () => call('PUT', `/api/admin/users/${trial.id}/ban`, { isBanned: true }),
      unban: () => call('PUT', `/api/admin/users/${banned.id}/ban`, { isBanned: false }),
      quotas: () =>
        call('PUT', `/api/admin/users/${trial.id}/quotas`, { limiteFactures: 1, limiteClients: 1 }),
      reset_quotas: () => call('POST', `/api/admin/users/${trial.id}/reset-quotas`),
      reset_quotas_all: () => call('POST', '/api/admin/reset-quotas'),
      export: () => call('GET', `/api/admin/users/${trial.id}/export`),
      delete: () => call('DELETE', `/api/admin/users/${trial.id}`),
      sync_subscriptions: () => call('POST', '/api/admin/sync-subscriptions'),
      restore_siret: () => call('POST', `/api/admin/siret-duplicates/${duplicate.id}/restore`),
    };
    expect(Object.keys(calls).sort()).toEqual([...ADMIN_ACTIONS].sort());

    // Everything an action could change, but the sign-in trace of the requests themselves.
    const snapshot = async () => ({
      users: (await t.database.db.select().from(users).orderBy(users.id)).map(
        ({ lastSeenAt: _seen, ...row }) => row,
      ),
      subscriptions: await t.database.db.select().from(subscriptions).orderBy(subscriptions.userId),
      audit: await t.database.db.select().from(adminAuditLog).orderBy(adminAuditLog.id),
    });
    for (const [action, run] of Object.entries(calls)) {
      const before = await snapshot();
      const res = await run();
      expect(res.statusCode, `${action}: ${res.body}`).toBe(500);
      expect(res.json(), action).toEqual({ errorType: 'internal_error', message: 'Erreur interne' });
      expect(await snapshot(), action).toEqual(before);
    }
  });
});
