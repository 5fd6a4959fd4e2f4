import {
  type AdminStats,
  PLANS,
  ROLES,
  type TrialStats,
  type UsageOverview,
  type UsageStats,
} from '@facturo/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailEvents } from '../../db/schema.js';
import { DAY_MS } from '../../lib/clock.js';
import { parisDate } from '../../lib/paris-date.js';
import {
  clientWithInvoice,
  createUser,
  STRONG_PASSWORD,
  signedInUser,
  uniqueEmail,
  uniqueSiret,
} from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { findUserByEmail, updateUser } from '../users/users.repo.js';
import { signedInAdmin } from './admin-test-helpers.js';

/*
 * On PostgreSQL every test file of the run shares one database: the figures are compared before and
 * after what each test does, never as absolute numbers.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  ({ token: admin } = await signedInAdmin(t));
});
afterAll(async () => t?.close());

async function read<T>(path: string): Promise<T> {
  const res = await t.request({ method: 'GET', url: `/api/admin/${path}`, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

const register = (email: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/register',
    body: { email, password: STRONG_PASSWORD, nom: 'Durand', prenom: 'Léa', siret: uniqueSiret() },
  });

describe('GET /admin/stats', () => {
  it('counts registrations, invoices, clients and logins as they happen', async () => {
    const before = await read<AdminStats>('stats');
    expect((await register(uniqueEmail('inscrite'))).statusCode).toBe(201);
    const pro = await signedInUser(t);
    await clientWithInvoice(t, pro.token);
    const after = await read<AdminStats>('stats');
    expect(after.totalRegistrations).toBeGreaterThanOrEqual(before.totalRegistrations + 2);
    expect(after.totalFactures).toBeGreaterThanOrEqual(before.totalFactures + 1);
    expect(after.totalClients).toBeGreaterThanOrEqual(before.totalClients + 1);
    expect(after.totalLogins).toBeGreaterThanOrEqual(before.totalLogins + 1);
  });
});

describe('GET /admin/trial-stats', () => {
  it('counts trials and lists those ending within 3 days, soonest first, at most 5', async () => {
    const before = await read<TrialStats>('trial-stats');
    const now = t.clock.now();
    const soon = await createUser(t, {
      nom: 'Bientôt',
      prenom: 'Paul',
      plan: 'essai',
      trialEndsAt: new Date(now.getTime() + 60_000),
    });
    await createUser(t, { plan: 'essai', trialEndsAt: new Date(now.getTime() + 10 * DAY_MS) });
    await createUser(t, { plan: 'essai', trialEndsAt: new Date(now.getTime() - DAY_MS) });
    await createUser(t, { plan: 'premium', trialEndsAt: new Date(now.getTime() - 2 * DAY_MS) });
    const after = await read<TrialStats>('trial-stats');
    expect(after.totalEssais).toBeGreaterThanOrEqual(before.totalEssais + 4);
    expect(after.essaisActifs).toBeGreaterThanOrEqual(before.essaisActifs + 2);
    expect(after.essaisExpires).toBeGreaterThanOrEqual(before.essaisExpires + 2);
    if (parisDate(new Date(now.getTime() + 60_000)) === parisDate(now)) {
      expect(after.expiresAujourdhui).toBeGreaterThanOrEqual(before.expiresAujourdhui + 1);
    }
    expect(after.tauxConversion).toBeGreaterThan(0);
    expect(after.tauxConversion).toBeLessThanOrEqual(100);
    expect(after.expirentBientot.length).toBeLessThanOrEqual(5);
    expect(after.expirentBientot[0]).toEqual({
      _id: soon.id,
      nom: 'Paul Bientôt',
      email: soon.email,
      joursRestants: 1,
    });
    const days = after.expirentBientot.map((e) => e.joursRestants);
    expect(days).toEqual([...days].sort((a, b) => a - b));
    expect(days.every((d) => d <= 3)).toBe(true);
  });
});

describe('GET /admin/usage-stats', () => {
  it('gives users per plan and role, bans, closed accounts and trial conversions', async () => {
    const before = await read<UsageStats>('usage-stats');
    expect(Object.keys(before.utilisateursParPlan).sort()).toEqual([...PLANS].sort());
    expect(Object.keys(before.utilisateursParRole).sort()).toEqual([...ROLES].sort());
    await createUser(t, { plan: 'business', trialEndsAt: new Date(Date.now() - DAY_MS) });
    await createUser(t, { isBanned: true });
    const closed = await createUser(t);
    await updateUser(t.database.db, closed.id, { deletedAt: new Date() });
    const after = await read<UsageStats>('usage-stats');
    expect(after.utilisateursParPlan.business).toBeGreaterThanOrEqual(
      before.utilisateursParPlan.business + 1,
    );
    expect(after.bannis).toBeGreaterThanOrEqual(before.bannis + 1);
    expect(after.comptesFermes).toBeGreaterThanOrEqual(before.comptesFermes + 1);
    expect(after.conversions.convertis).toBeGreaterThanOrEqual(before.conversions.convertis + 1);
    expect(after.conversions.taux).toBeGreaterThan(0);
  });
});

describe('GET /admin/usage-overview', () => {
  it('has every one of the last 30 days and 12 months, and counts today what just happened', async () => {
    const before = await read<UsageOverview>('usage-overview');
    expect(before.parJour).toHaveLength(30);
    expect(before.parMois).toHaveLength(12);
    const today = parisDate(t.clock.now());
    expect(before.parJour.at(-1)?.periode).toBe(today);
    expect(before.parMois.at(-1)?.periode).toBe(today.slice(0, 7));
    expect((before.parJour[0]?.periode ?? today) < today).toBe(true);

    expect((await register(uniqueEmail('jour'))).statusCode).toBe(201);
    const pro = await signedInUser(t);
    await clientWithInvoice(t, pro.token);
    const after = await read<UsageOverview>('usage-overview');
    const last = (o: UsageOverview) =>
      o.parJour.at(-1) ?? { factures: 0, clients: 0, emails: 0, inscriptions: 0 };
    expect(last(after).factures).toBeGreaterThanOrEqual(last(before).factures + 1);
    expect(last(after).clients).toBeGreaterThanOrEqual(last(before).clients + 1);
    expect(last(after).emails).toBeGreaterThanOrEqual(last(before).emails + 1);
    expect(last(after).inscriptions).toBeGreaterThanOrEqual(last(before).inscriptions + 2);
    expect(after.parMois.at(-1)?.factures).toBeGreaterThanOrEqual((before.parMois.at(-1)?.factures ?? 0) + 1);
  });

  it('an event of yesterday evening in Paris is counted on yesterday', async () => {
    const before = await read<UsageOverview>('usage-overview');
    // 23:30 in Paris yesterday is still yesterday there, whatever the server's time zone.
    const yesterday = parisDate(new Date(t.clock.now().getTime() - DAY_MS));
    const lateEvening = new Date(`${yesterday}T21:30:00Z`);
    await t.database.db.insert(emailEvents).values({ kind: 'support', createdAt: lateEvening });
    const after = await read<UsageOverview>('usage-overview');
    const on = (o: UsageOverview) => o.parJour.find((p) => p.periode === yesterday)?.emails ?? -1;
    expect(on(after)).toBeGreaterThanOrEqual(on(before) + 1);
  });
});

describe('e-mail events', () => {
  it('an account e-mail is its addressee’s, a contact message no user’s', async () => {
    const email = uniqueEmail('evenement');
    await register(email);
    const user = await findUserByEmail(t.database.db, email);
    const rows = await t.database.db
      .select()
      .from(emailEvents)
      .where(eq(emailEvents.userId, user?.id ?? ''));
    expect(rows.map((r) => r.kind)).toEqual(['account']);

    const contact = await t.request({
      method: 'POST',
      url: '/api/contact',
      body: { nom: 'Camille', email: uniqueEmail('contact'), sujet: 'question', message: 'Une question.' },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const support = await t.database.db.select().from(emailEvents).where(eq(emailEvents.kind, 'support'));
    expect(support.some((r) => r.userId === null)).toBe(true);
  });
});
