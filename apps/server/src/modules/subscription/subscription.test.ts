import {
  type Client,
  FREE_PLAN_LIMITS,
  type Invoice,
  MESSAGES,
  type SubscriptionInfo,
  type User,
} from '@facturo/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../lib/clock.js';
import { clientBody, signedInUser, uniqueEmail } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { findUserById } from '../users/users.repo.js';
import { expirePlans } from './subscription.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(() => t.clock.reset());

const info = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/subscription/info', token })).json<SubscriptionInfo>();

async function addClient(token: string) {
  return t.request({
    method: 'POST',
    url: '/api/clients',
    token,
    body: clientBody({ nom: 'Client', email: uniqueEmail('c') }),
  });
}

async function addInvoice(token: string, clientId: string) {
  return t.request({
    method: 'POST',
    url: '/api/factures',
    token,
    body: { client: clientId, lignes: [{ description: 'Séance', quantite: 1, prixUnitaire: 50 }] },
  });
}

/** Sessions last 7 days: after moving the clock further, sign in again as a person would. */
async function signInAgain(user: { user: User; password: string }): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    body: { email: user.user.email, password: user.password },
  });
  return res.json<{ token: string }>().token;
}

async function freeUserWithClient() {
  const user = await signedInUser(t, { plan: 'gratuit' });
  const client = (await addClient(user.token)).json<Client>();
  return { ...user, client };
}

async function subscribe(token: string, planName: 'premium' | 'business') {
  const checkout = await t.request({
    method: 'POST',
    url: '/api/subscription/create-checkout-session',
    token,
    body: { planName },
  });
  expect(checkout.statusCode).toBe(200);
  const { sessionId, url } = checkout.json<{ sessionId: string; url: string }>();
  // A path: the browser stays on the origin it is on, where its session is stored.
  expect(url).toBe(`/subscription/checkout/test?session=${sessionId}`);
  const confirmed = await t.request({
    method: 'POST',
    url: `/api/subscription/test-checkout/${sessionId}/confirm`,
    token,
  });
  expect(confirmed.json()).toMatchObject({ status: 'completed', plan: planName, testMode: true });
  return sessionId;
}

describe('plans', () => {
  it('publishes the catalogue', async () => {
    const res = await t.request({ method: 'GET', url: '/api/subscription/plans' });
    expect(res.json()).toMatchObject({
      essai: { prix: 0, periode: '15 jours' },
      gratuit: { prix: 0, features: expect.arrayContaining(['5 factures par mois', '10 clients']) },
      premium: { nom: 'Premium', prix: 9.99, periode: 'mois' },
      business: { nom: 'Business', prix: 19.99, periode: 'mois' },
    });
  });

  it('starts a new professional on a 15-day unlimited trial, then the free plan, keeping everything', async () => {
    const pro = await signedInUser(t, {
      plan: 'essai',
      trialEndsAt: new Date(Date.now() + 15 * DAY_MS),
    });
    let { token } = pro;
    const client = (await addClient(token)).json<Client>();
    expect(await info(token)).toMatchObject({
      plan: 'essai',
      status: 'actif',
      daysLeft: 15,
      facturesMensuel: { utilise: 0, limite: null },
      clients: { restant: null, utilise: 1, limite: null },
    });
    t.clock.advance(15 * DAY_MS + 60_000);
    token = await signInAgain(pro);
    // Lazily, on the next request: no server job needed for the switch to be seen.
    const me = await t.request({ method: 'GET', url: '/api/users/me', token });
    expect(me.json<User>().planActuel).toBe('gratuit');
    expect(await info(token)).toMatchObject({
      plan: 'gratuit',
      daysLeft: null,
      facturesMensuel: { limite: FREE_PLAN_LIMITS.facturesParMois },
      clients: { restant: 9, utilise: 1, limite: FREE_PLAN_LIMITS.clients },
    });
    const still = await t.request({ method: 'GET', url: `/api/clients/${client._id}`, token });
    expect(still.statusCode).toBe(200);
  });

  it('the scheduled sweep ends trials too', async () => {
    const { user } = await signedInUser(t, { plan: 'essai', trialEndsAt: new Date(Date.now() - 1000) });
    await expirePlans(t.database.db, new Date());
    expect((await findUserById(t.database.db, user._id))?.plan).toBe('gratuit');
  });
});

describe('free plan quotas', () => {
  it('allows 5 invoices a month, refuses the 6th with the quota, and counts again next month', async () => {
    const pro = await freeUserWithClient();
    const { client } = pro;
    t.clock.set(new Date('2030-01-31T22:00:00Z')); // 23:00 in Paris, 31 January
    const token = await signInAgain(pro);
    for (let i = 0; i < 5; i++) expect((await addInvoice(token, client._id)).statusCode).toBe(201);
    const refused = await addInvoice(token, client._id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorType: 'quota_exceeded', quota: { utilise: 5, limite: 5 } });
    expect(refused.json().message).toContain('Quota de factures atteint');
    expect((await info(token)).facturesMensuel).toEqual({ utilise: 5, limite: 5 });

    t.clock.set(new Date('2030-01-31T23:30:00Z')); // 00:30 in Paris, 1 February
    const february = await addInvoice(token, client._id);
    expect(february.statusCode).toBe(201);
    expect(february.json<Invoice>()).toMatchObject({ dateEmission: '2030-02-01', numero: 'FAC-2030-0006' });
    expect((await info(token)).facturesMensuel).toEqual({ utilise: 1, limite: 5 });
  });

  // The same limit with requests arriving together: subscription.race.pg.test.ts (PostgreSQL only).
  it('allows 10 clients and refuses the 11th', async () => {
    const { token } = await signedInUser(t, { plan: 'gratuit' });
    for (let i = 0; i < 10; i++) expect((await addClient(token)).statusCode).toBe(201);
    const refused = await addClient(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorType: 'quota_exceeded', quota: { utilise: 10, limite: 10 } });
    expect((await info(token)).clients).toEqual({ restant: 0, utilise: 10, limite: 10 });
  });
});

describe('paid plans in test mode', () => {
  it('upgrades through checkout, lifting the limits', async () => {
    const { token, client } = await freeUserWithClient();
    for (let i = 0; i < 5; i++) await addInvoice(token, client._id);
    expect((await addInvoice(token, client._id)).statusCode).toBe(403);
    await subscribe(token, 'premium');
    const now = await info(token);
    expect(now).toMatchObject({
      plan: 'premium',
      status: 'actif',
      cancelAtPeriodEnd: false,
      daysLeft: 30,
      facturesMensuel: { limite: null },
    });
    expect((await addInvoice(token, client._id)).statusCode).toBe(201);
  });

  it('cancels at the end of the period, can reactivate before it, then falls back to the free plan', async () => {
    const pro = await freeUserWithClient();
    let { token } = pro;
    await subscribe(token, 'business');
    const cancelled = await t.request({ method: 'POST', url: '/api/subscription/cancel', token });
    expect(cancelled.json<SubscriptionInfo>()).toMatchObject({
      plan: 'business',
      cancelAtPeriodEnd: true,
      status: 'annule',
    });
    expect((await t.request({ method: 'POST', url: '/api/subscription/cancel', token })).statusCode).toBe(
      409,
    );
    const back = await t.request({ method: 'POST', url: '/api/subscription/reactivate', token });
    expect(back.json<SubscriptionInfo>()).toMatchObject({ cancelAtPeriodEnd: false, status: 'actif' });
    await t.request({ method: 'POST', url: '/api/subscription/cancel', token });
    t.clock.advance(29 * DAY_MS);
    token = await signInAgain(pro);
    expect((await info(token)).plan).toBe('business');
    t.clock.advance(2 * DAY_MS);
    token = await signInAgain(pro);
    expect(await info(token)).toMatchObject({ plan: 'gratuit', facturesMensuel: { limite: 5 } });
    expect((await t.request({ method: 'POST', url: '/api/subscription/reactivate', token })).statusCode).toBe(
      400,
    );
  });

  it('switches between paid plans, and sends the free plan through checkout', async () => {
    const free = await freeUserWithClient();
    const direct = await t.request({
      method: 'PUT',
      url: '/api/subscription/upgrade',
      token: free.token,
      body: { plan: 'business' },
    });
    expect(direct.statusCode).toBe(400);
    await subscribe(free.token, 'premium');
    const switched = await t.request({
      method: 'PUT',
      url: '/api/subscription/upgrade',
      token: free.token,
      body: { plan: 'business' },
    });
    expect(switched.json<SubscriptionInfo>().plan).toBe('business');
    const again = await t.request({
      method: 'POST',
      url: '/api/subscription/create-checkout-session',
      token: free.token,
      body: { planName: 'business' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('a checkout session belongs to its user, completes once, and can be abandoned', async () => {
    const alice = await freeUserWithClient();
    const bob = await freeUserWithClient();
    const { sessionId } = (
      await t.request({
        method: 'POST',
        url: '/api/subscription/create-checkout-session',
        token: alice.token,
        body: { planName: 'premium' },
      })
    ).json<{ sessionId: string }>();
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/subscription/checkout-session/${sessionId}`,
          token: bob.token,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/subscription/test-checkout/${sessionId}/confirm`,
          token: bob.token,
        })
      ).statusCode,
    ).toBe(404);
    const abandoned = await t.request({
      method: 'POST',
      url: `/api/subscription/test-checkout/${sessionId}/cancel`,
      token: alice.token,
    });
    expect(abandoned.json()).toMatchObject({ status: 'cancelled' });
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/subscription/test-checkout/${sessionId}/confirm`,
          token: alice.token,
        })
      ).statusCode,
    ).toBe(409);
    expect((await info(alice.token)).plan).toBe('gratuit');
  });

  it('refuses unknown plans and particuliers', async () => {
    const { token } = await freeUserWithClient();
    const unknown = await t.request({
      method: 'POST',
      url: '/api/subscription/create-checkout-session',
      token,
      body: { planName: 'platine' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      errorType: 'validation_error',
      message: 'Plan inconnu : choisissez Premium ou Business.',
    });
    const particulier = await signedInUser(t, { role: 'particulier', siret: null });
    const res = await t.request({
      method: 'POST',
      url: '/api/subscription/create-checkout-session',
      token: particulier.token,
      body: { planName: 'premium' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errorType: 'professional_only', message: MESSAGES.professionalOnly });
    const portal = await t.request({
      method: 'POST',
      url: '/api/subscription/billing-portal',
      token: particulier.token,
    });
    expect(portal.statusCode).toBe(403);
    expect(portal.json()).toEqual({ errorType: 'professional_only', message: MESSAGES.professionalOnly });
  });
});
