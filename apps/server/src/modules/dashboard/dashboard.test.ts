import type { Dashboard, ParticulierDashboard, ProfessionalDashboard } from '@facturo/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { clientOf, professional, seedInvoice, seedPayment } from './dashboard-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
afterEach(() => t.clock.reset());

/** 1 April 2026, 00:30 in Paris (summer time): still 31 March in UTC. */
const APRIL_FIRST_PARIS = new Date('2026-03-31T22:30:00Z');

async function dashboardOf(token: string): Promise<Dashboard> {
  const res = await t.request({ method: 'GET', url: '/api/tableau-de-bord', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Dashboard>();
}

async function proDashboard(token: string): Promise<ProfessionalDashboard> {
  const dashboard = await dashboardOf(token);
  if (dashboard.vue !== 'professionnel') throw new Error('vue particulier');
  return dashboard;
}

describe('GET /api/tableau-de-bord (professionnel)', () => {
  it('gives a new professional zeros, twelve empty months ending this one, and no invoice yet', async () => {
    t.clock.set(APRIL_FIRST_PARIS);
    const pro = await professional(t);
    const dashboard = await proDashboard(pro.token);
    expect(dashboard).toMatchObject({
      vue: 'professionnel',
      aujourdhui: '2026-04-01',
      encaisseMois: 0,
      encaisseAnnee: 0,
      enAttente: 0,
      enRetard: { montant: 0, nombre: 0 },
      delaiMoyenJours: null,
      topClients: [],
      prochainesEcheances: [],
      aDesFactures: false,
    });
    expect(dashboard.mois.map((m) => m.mois)).toEqual([
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
    ]);
    expect(dashboard.mois.every((m) => m.facture === 0 && m.encaisse === 0)).toBe(true);
  });

  it('adds up payments, what is due, late, the delay, the months and the clients, exactly', async () => {
    t.clock.set(APRIL_FIRST_PARIS);
    const pro = await professional(t);
    const atelier = await clientOf(t, pro, 'Atelier Dupont');
    const boulangerie = await clientOf(t, pro, 'Boulangerie Martin');
    const issuerId = pro.userId;

    // Paid in full after 40 days.
    const paid = await seedInvoice(t, {
      issuerId,
      clientId: atelier,
      clientName: 'Atelier Dupont',
      euros: 1200,
      dateEmission: '2026-01-10',
      dateEcheance: '2026-02-09',
      issuerStatus: 'payee',
    });
    await seedPayment(t, paid, issuerId, { euros: 1200, date: '2026-02-19' });
    // Due yesterday (31 March), partly paid today: 400 € late by one day.
    const late = await seedInvoice(t, {
      issuerId,
      clientId: atelier,
      clientName: 'Atelier Dupont',
      euros: 600,
      dateEmission: '2026-03-01',
      dateEcheance: '2026-03-31',
    });
    await seedPayment(t, late, issuerId, { euros: 200, date: '2026-04-01' });
    // Not yet due, 250 € credited; a declared payment does not count until confirmed.
    const open = await seedInvoice(t, {
      issuerId,
      clientId: boulangerie,
      clientName: 'Boulangerie Martin',
      euros: 1000,
      dateEmission: '2026-03-15',
      dateEcheance: '2026-04-14',
    });
    await seedInvoice(t, {
      issuerId,
      clientId: boulangerie,
      type: 'avoir',
      euros: 250,
      dateEmission: '2026-03-20',
      creditedInvoiceId: open,
    });
    await seedPayment(t, open, issuerId, { euros: 100, date: '2026-03-25', status: 'declare' });
    // A deposit paid in December after 15 days, and its final invoice (900 € less the 300 € deposit) paid on
    // the last day of March, 58 days after its issue.
    const deposit = await seedInvoice(t, {
      issuerId,
      clientId: boulangerie,
      type: 'acompte',
      euros: 300,
      dateEmission: '2025-12-05',
      dateEcheance: '2025-12-20',
      issuerStatus: 'payee',
    });
    await seedPayment(t, deposit, issuerId, { euros: 300, date: '2025-12-20' });
    const final = await seedInvoice(t, {
      issuerId,
      clientId: boulangerie,
      euros: 900,
      prepaidEuros: 300,
      dateEmission: '2026-02-01',
      dateEcheance: '2026-03-03',
      issuerStatus: 'payee',
    });
    await seedPayment(t, final, issuerId, { euros: 600, date: '2026-03-31' });
    // Numbered but never sent: not issued (DESIGN §5), so invoiced nowhere. Cancelled: nowhere.
    await seedInvoice(t, {
      issuerId,
      clientId: boulangerie,
      euros: 100,
      dateEmission: '2026-03-25',
      sent: false,
    });
    await seedInvoice(t, {
      issuerId,
      clientId: atelier,
      euros: 5000,
      dateEmission: '2026-03-02',
      sent: false,
      issuerStatus: 'annulee',
    });
    // Someone else's invoice and payment: never in these figures.
    const other = await professional(t);
    const otherClient = await clientOf(t, other, 'Autre client');
    const foreign = await seedInvoice(t, {
      issuerId: other.userId,
      clientId: otherClient,
      euros: 7777,
      dateEmission: '2026-03-10',
      dateEcheance: '2026-03-11',
    });
    await seedPayment(t, foreign, other.userId, { euros: 77, date: '2026-04-01' });

    const dashboard = await proDashboard(pro.token);
    expect(dashboard).toMatchObject({
      aujourdhui: '2026-04-01',
      encaisseMois: 200,
      encaisseAnnee: 2000,
      enAttente: 1150,
      enRetard: { montant: 400, nombre: 1 },
      // (40 + 15 + 58) / 3 = 37.67
      delaiMoyenJours: 38,
      aDesFactures: true,
    });
    expect(dashboard.mois.slice(-5)).toEqual([
      { mois: '2025-12', facture: 300, encaisse: 300 },
      { mois: '2026-01', facture: 1200, encaisse: 0 },
      { mois: '2026-02', facture: 600, encaisse: 1200 },
      { mois: '2026-03', facture: 1350, encaisse: 600 },
      { mois: '2026-04', facture: 0, encaisse: 200 },
    ]);
    expect(dashboard.mois.slice(0, 7).every((m) => m.facture === 0 && m.encaisse === 0)).toBe(true);
    expect(dashboard.topClients).toEqual([
      { clientId: atelier, nom: 'Atelier Dupont', facture: 1800, enAttente: 400 },
      { clientId: boulangerie, nom: 'Boulangerie Martin', facture: 1650, enAttente: 750 },
    ]);
    expect(dashboard.prochainesEcheances).toEqual([
      {
        id: late,
        numero: expect.any(String),
        contrepartie: 'Atelier Dupont',
        dateEcheance: '2026-03-31',
        resteAPayer: 400,
        joursRetard: 1,
      },
      {
        id: open,
        numero: expect.any(String),
        contrepartie: 'Boulangerie Martin',
        dateEcheance: '2026-04-14',
        resteAPayer: 750,
        joursRetard: 0,
      },
    ]);

    // An hour earlier it is still 31 March in Paris: March's payments are this month's, nothing is late yet.
    t.clock.set(new Date('2026-03-31T21:30:00Z'));
    expect(await proDashboard(pro.token)).toMatchObject({
      aujourdhui: '2026-03-31',
      encaisseMois: 600,
      enRetard: { montant: 0, nombre: 0 },
    });
  });

  it('asks for a session', async () => {
    const res = await t.request({ method: 'GET', url: '/api/tableau-de-bord' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/tableau-de-bord (particulier)', () => {
  it('shows what the invoices received still ask for, what is late and what was paid this year', async () => {
    t.clock.set(APRIL_FIRST_PARIS);
    const pro = await professional(t);
    const client = await clientOf(t, pro, 'Camille Roux');
    const particulier = await signedInUser(t, { role: 'particulier', siret: null });
    const recipientId = particulier.user._id;
    const late = await seedInvoice(t, {
      issuerId: pro.userId,
      clientId: client,
      recipientId,
      euros: 500,
      dateEmission: '2026-02-01',
      dateEcheance: '2026-03-01',
    });
    await seedPayment(t, late, pro.userId, { euros: 100, date: '2026-03-10' });
    await seedPayment(t, late, pro.userId, { euros: 50, date: '2026-03-11', status: 'declare' });
    const paidLastYear = await seedInvoice(t, {
      issuerId: pro.userId,
      clientId: client,
      recipientId,
      euros: 80,
      dateEmission: '2025-11-01',
      issuerStatus: 'payee',
    });
    await seedPayment(t, paidLastYear, pro.userId, { euros: 80, date: '2025-11-02' });
    // Not sent yet: the recipient does not see it.
    await seedInvoice(t, {
      issuerId: pro.userId,
      clientId: client,
      recipientId,
      euros: 999,
      dateEmission: '2026-03-30',
      sent: false,
    });

    const dashboard = await dashboardOf(particulier.token);
    expect(dashboard).toEqual<ParticulierDashboard>({
      vue: 'particulier',
      aujourdhui: '2026-04-01',
      aPayer: 400,
      enRetard: { montant: 400, nombre: 1 },
      payeAnnee: 100,
      prochainesEcheances: [
        {
          id: late,
          numero: expect.any(String),
          contrepartie: 'Zoé Lefèvre',
          dateEcheance: '2026-03-01',
          resteAPayer: 400,
          joursRetard: 31,
        },
      ],
      aDesFactures: true,
    });

    const other = await signedInUser(t, { role: 'particulier', siret: null });
    expect(await dashboardOf(other.token)).toMatchObject({
      aPayer: 0,
      payeAnnee: 0,
      prochainesEcheances: [],
      aDesFactures: false,
    });
  });
});
