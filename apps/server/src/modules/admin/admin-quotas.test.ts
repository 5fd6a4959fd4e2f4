import { type AdminSubscription, FREE_PLAN_LIMITS, type SubscriptionInfo } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../lib/clock.js';
import { clientBody, createClient, signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { expirePlans, saveSubscription } from '../subscription/subscription.repo.js';
import { findUserById, updateUser } from '../users/users.repo.js';
import { signedInAdmin } from './admin-test-helpers.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  ({ token: admin } = await signedInAdmin(t));
});
afterAll(async () => t?.close());

const info = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/subscription/info', token })).json<SubscriptionInfo>();
const addClient = (token: string) =>
  t.request({ method: 'POST', url: '/api/clients', token, body: clientBody() });
const addInvoice = (token: string, client: string) =>
  t.request({
    method: 'POST',
    url: '/api/factures',
    token,
    body: { client, lignes: [{ description: 'Séance', quantite: 1, prixUnitaire: 50 }] },
  });
const setQuotas = (id: string, body: unknown) =>
  t.request({ method: 'PUT', url: `/api/admin/users/${id}/quotas`, token: admin, body });

describe('per-user quotas of the free plan', () => {
  it('an admin limit replaces the default, in /subscription/info and when creating', async () => {
    const pro = await signedInUser(t, { plan: 'gratuit' });
    const res = await setQuotas(pro.user._id, { limiteFactures: 1, limiteClients: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const now = await info(pro.token);
    expect(now.facturesMensuel).toEqual({ utilise: 0, limite: 1 });
    expect(now.clients).toEqual({ restant: 2, utilise: 0, limite: 2 });

    const client = await createClient(t, pro.token);
    expect((await addClient(pro.token)).statusCode).toBe(201);
    const third = await addClient(pro.token);
    expect(third.statusCode).toBe(403);
    expect(third.json()).toMatchObject({ errorType: 'quota_exceeded', quota: { utilise: 2, limite: 2 } });
    expect((await addInvoice(pro.token, client._id)).statusCode).toBe(201);
    const second = await addInvoice(pro.token, client._id);
    expect(second.statusCode).toBe(403);
    expect(second.json()).toMatchObject({ errorType: 'quota_exceeded', quota: { utilise: 1, limite: 1 } });

    // null returns to the defaults.
    await setQuotas(pro.user._id, { limiteFactures: null, limiteClients: null });
    expect((await info(pro.token)).facturesMensuel.limite).toBe(FREE_PLAN_LIMITS.facturesParMois);
    expect((await info(pro.token)).clients.limite).toBe(FREE_PLAN_LIMITS.clients);
  });

  it('a reset counts usage from then on; it shows in both subscription views', async () => {
    const pro = await signedInUser(t, { plan: 'gratuit' });
    await setQuotas(pro.user._id, { limiteFactures: 1, limiteClients: 1 });
    const client = await createClient(t, pro.token);
    expect((await addInvoice(pro.token, client._id)).statusCode).toBe(201);
    expect((await addClient(pro.token)).statusCode).toBe(403);

    const reset = await t.request({
      method: 'POST',
      url: `/api/admin/users/${pro.user._id}/reset-quotas`,
      token: admin,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const after = await info(pro.token);
    expect(after.facturesMensuel.utilise).toBe(0);
    expect(after.clients.utilise).toBe(0);
    expect((await addClient(pro.token)).statusCode).toBe(201);
    expect((await addInvoice(pro.token, client._id)).statusCode).toBe(201);
    expect((await addInvoice(pro.token, client._id)).statusCode).toBe(403);

    const view = (
      await t.request({ method: 'GET', url: `/api/admin/users/${pro.user._id}/subscription`, token: admin })
    ).json<AdminSubscription>();
    expect(view.quotas).toEqual({ limiteFactures: 1, limiteClients: 1, reinitialiseLe: expect.any(String) });
    expect(view.facturesMensuel).toEqual({ utilise: 1, limite: 1 });
  });

  it('refuses negative, fractional or missing limits with a French 400', async () => {
    const pro = await signedInUser(t, { plan: 'gratuit' });
    for (const body of [
      { limiteFactures: -1, limiteClients: null },
      { limiteFactures: 1.5, limiteClients: null },
      { limiteFactures: 1 },
      { limiteFactures: '3', limiteClients: null },
    ]) {
      const res = await setQuotas(pro.user._id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/limite/i);
    }
  });
});

describe('the plan sweep', () => {
  it('an admin grant over an ended cancelled subscription survives the plan sweep', async () => {
    const pro = await signedInUser(t, { plan: 'premium' });
    const now = Date.now();
    await saveSubscription(t.database.db, pro.user._id, {
      plan: 'premium',
      status: 'annule',
      provider: 'test',
      cancelAtPeriodEnd: true,
      currentPeriodStart: new Date(now - 40 * DAY_MS),
      currentPeriodEnd: new Date(now - DAY_MS),
    });
    await updateUser(t.database.db, pro.user._id, { plan: 'business', planGrantedByAdmin: true });
    await expirePlans(t.database.db, new Date());
    expect((await findUserById(t.database.db, pro.user._id))?.plan).toBe('business');
    expect((await info(pro.token)).plan).toBe('business');
  });
});
