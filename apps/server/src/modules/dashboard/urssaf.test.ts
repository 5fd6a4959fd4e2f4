import { type UrssafSummary, urssafRates } from '@facturo/shared';
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

async function summary(token: string, query = ''): Promise<UrssafSummary> {
  const res = await t.request({ method: 'GET', url: `/api/tableau-de-bord/urssaf${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<UrssafSummary>();
}

async function chooseActivity(token: string, activite: unknown) {
  return t.request({ method: 'PUT', url: '/api/tableau-de-bord/activite-urssaf', token, body: { activite } });
}

/** A professional whose confirmed payments of 2026 are 1 000 € (15 Jan), 500,50 € (10 Feb), 300 € (2 Apr). */
async function seededProfessional() {
  const pro = await professional(t);
  const client = await clientOf(t, pro, 'Studio Bleu');
  const invoice = await seedInvoice(t, {
    issuerId: pro.userId,
    clientId: client,
    euros: 5000,
    dateEmission: '2025-12-01',
  });
  await seedPayment(t, invoice, pro.userId, { euros: 400, date: '2025-12-31' });
  await seedPayment(t, invoice, pro.userId, { euros: 1000, date: '2026-01-15' });
  await seedPayment(t, invoice, pro.userId, { euros: 500.5, date: '2026-02-10' });
  await seedPayment(t, invoice, pro.userId, { euros: 300, date: '2026-04-02' });
  await seedPayment(t, invoice, pro.userId, { euros: 90, date: '2026-02-11', status: 'declare' });
  return pro;
}

describe('GET /api/tableau-de-bord/urssaf', () => {
  it('sums the revenue collected per month and quarter, and the period to declare', async () => {
    t.clock.set(new Date('2026-05-10T10:00:00Z'));
    const pro = await seededProfessional();
    const result = await summary(pro.token);
    // The current quarter by default, no contribution before an activity is chosen.
    expect(result).toMatchObject({
      annee: 2026,
      activite: null,
      periode: {
        code: 'T2',
        libelle: '2e trimestre 2026',
        du: '2026-04-01',
        au: '2026-06-30',
        montantADeclarer: 300,
      },
      cotisation: null,
    });
    expect(result.mois).toHaveLength(12);
    expect(result.mois.slice(0, 4)).toEqual([
      { mois: '2026-01', encaisse: 1000 },
      { mois: '2026-02', encaisse: 500.5 },
      { mois: '2026-03', encaisse: 0 },
      { mois: '2026-04', encaisse: 300 },
    ]);
    expect(result.trimestres).toEqual([
      { trimestre: 1, encaisse: 1500.5 },
      { trimestre: 2, encaisse: 300 },
      { trimestre: 3, encaisse: 0 },
      { trimestre: 4, encaisse: 0 },
    ]);
    const december = await summary(pro.token, '?annee=2025&periode=M12');
    expect(december.periode).toMatchObject({ libelle: 'décembre 2025', montantADeclarer: 400 });
  });

  it('computes the contribution at the year’s rate of the chosen activity, rounded to the cent', async () => {
    const pro = await seededProfessional();
    const chosen = await chooseActivity(pro.token, 'bnc');
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({ activite: 'bnc' });

    // 1 500,50 € × 25,6 % = 384,128 €
    expect(await summary(pro.token, '?annee=2026&periode=T1')).toMatchObject({
      activite: 'bnc',
      periode: { code: 'T1', libelle: '1er trimestre 2026', montantADeclarer: 1500.5 },
      cotisation: { taux: 25.6, montant: 384.13, source: urssafRates(2026).source },
    });
    // 500,50 € × 25,6 % = 128,128 €
    expect((await summary(pro.token, '?annee=2026&periode=M2')).cotisation?.montant).toBe(128.13);

    expect((await chooseActivity(pro.token, 'services_bic')).statusCode).toBe(200);
    // 1 500,50 € × 21,2 % = 318,106 €; 2025's own rate table for 2025.
    expect((await summary(pro.token, '?annee=2026&periode=T1')).cotisation).toMatchObject({
      taux: 21.2,
      montant: 318.11,
    });
    expect((await summary(pro.token, '?annee=2025&periode=T4')).cotisation).toEqual({
      taux: 21.2,
      montant: 84.8,
      source: urssafRates(2025).source,
    });
  });

  it('refuses a bad period or activity with a French message, and particuliers', async () => {
    const pro = await professional(t);
    const badPeriod = await t.request({
      method: 'GET',
      url: '/api/tableau-de-bord/urssaf?periode=T5',
      token: pro.token,
    });
    expect(badPeriod.statusCode).toBe(400);
    expect(badPeriod.json()).toMatchObject({ errorType: 'validation_error' });
    expect(badPeriod.body).toContain('trimestre (T1 à T4)');

    const badActivity = await chooseActivity(pro.token, 'astrologie');
    expect(badActivity.statusCode).toBe(400);
    expect(badActivity.body).toContain('Choisissez une activité');

    const particulier = await signedInUser(t, { role: 'particulier', siret: null });
    const refused = await t.request({
      method: 'GET',
      url: '/api/tableau-de-bord/urssaf',
      token: particulier.token,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorType: 'requires_upgrade' });
    expect((await chooseActivity(particulier.token, 'bnc')).statusCode).toBe(403);
  });

  it('counts only the professional’s own payments', async () => {
    t.clock.set(new Date('2026-05-10T10:00:00Z'));
    await seededProfessional();
    const newcomer = await professional(t);
    const result = await summary(newcomer.token, '?annee=2026&periode=T1');
    expect(result.periode.montantADeclarer).toBe(0);
    expect(result.trimestres.every((q) => q.encaisse === 0)).toBe(true);
  });
});
