import type { Dashboard } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { seedVariedHistory } from './dashboard-history.js';
import { recountDashboard } from './dashboard-recount.js';
import { clientOf, professional, type SeededIssuer, seedInvoice } from './dashboard-test-kit.js';

/*
 * The professional's dashboard, computed in one SQL statement, against the same figures counted row by row
 * in TypeScript from the shared rules (dashboard-recount.ts), on varied histories of two professionals who
 * share the database: drafts, cancellations, deposits, credit notes in part and in full, partial, full and
 * declared payments, over more than two years.
 */

let t: TestApp;
let first: SeededIssuer;
let firstLogin: { email: string; password: string };
let second: SeededIssuer;

/** 1 April 2026, 00:30 in Paris (summer time): still 31 March in UTC. */
const APRIL_FIRST_PARIS = new Date('2026-03-31T22:30:00Z');
const TODAY = '2026-04-01';
const CLIENTS = ['Atelier', 'Boulangerie', 'Cabinet', 'Domaine', 'Épicerie', 'Fromagerie', 'Garage'];

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(APRIL_FIRST_PARIS);
  const pro = await signedInUser(t);
  first = { token: pro.token, userId: pro.user._id };
  firstLogin = { email: pro.user.email, password: pro.password };
  second = await professional(t);
  await seedVariedHistory(t, first, { seed: 17, count: 90, clientNames: CLIENTS, today: TODAY });
  await seedVariedHistory(t, second, { seed: 42, count: 40, clientNames: CLIENTS.slice(0, 3), today: TODAY });
}, 120_000);
afterAll(async () => t.close());

async function dashboardOf(token: string): Promise<Dashboard> {
  const res = await t.request({ method: 'GET', url: '/api/tableau-de-bord', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Dashboard>();
}

describe('the dashboard in one statement', () => {
  it.each([
    ['a professional with 90 entries in their history', () => first],
    ['another professional in the same database', () => second],
  ])('gives %s the figures of a row-by-row recount', async (_who, issuer) => {
    const { token, userId } = issuer();
    const expected = await recountDashboard(t, userId, TODAY);
    // The seed reaches every figure: something late, paid, credited, and more clients than the top five.
    expect(expected.enRetard.nombre).toBeGreaterThan(0);
    expect(expected.delaiMoyenJours).not.toBeNull();
    expect(expected.mois.some((m) => m.facture < 0 || m.encaisse > 0)).toBe(true);
    expect(expected.prochainesEcheances.length).toBe(5);
    expect(await dashboardOf(token)).toEqual(expected);
  });

  it('also agrees on a day later, when more is late', async () => {
    t.clock.set(new Date('2026-04-20T10:00:00Z'));
    try {
      // The first session has expired by then: sign in again.
      const login = await t.request({ method: 'POST', url: '/api/auth/login', body: firstLogin });
      expect(login.statusCode, login.body).toBe(200);
      const { token } = login.json<{ token: string }>();
      expect(await dashboardOf(token)).toEqual(await recountDashboard(t, first.userId, '2026-04-20'));
    } finally {
      t.clock.set(APRIL_FIRST_PARIS);
    }
  });

  it('shows a professional with only a draft that they have invoices, and zero everywhere', async () => {
    const pro = await professional(t);
    const client = await clientOf(t, pro, 'Client brouillon');
    await seedInvoice(t, {
      issuerId: pro.userId,
      clientId: client,
      euros: 100,
      dateEmission: TODAY,
      sent: false,
    });
    const dashboard = await dashboardOf(pro.token);
    expect(dashboard).toEqual(await recountDashboard(t, pro.userId, TODAY));
    expect(dashboard).toMatchObject({
      aDesFactures: true,
      enAttente: 0,
      topClients: [],
      prochainesEcheances: [],
    });
  });
});
