import { type AdminSubscription, PLAN_CATALOGUE, type SubscriptionInfo, TRIAL_DAYS } from '@facturo/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../lib/clock.js';
import { STRONG_PASSWORD, signedInUser, uniqueSiret } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { signedInAdmin } from '../admin/admin-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterEach(() => t.clock.reset());
afterAll(async () => t.close());

const info = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/subscription/info', token })).json<SubscriptionInfo>();

/** A particulier as a platform send creates them: the free plan, no trial ever. */
const particulier = () => signedInUser(t, { role: 'particulier', siret: null, plan: 'gratuit' });

describe('a particulier who becomes professional (issue 17)', () => {
  it('starts the 15-day unlimited trial when the profile gets a SIRET', async () => {
    const { token } = await particulier();
    expect((await info(token)).plan).toBe('gratuit');
    const before = t.clock.now().getTime();
    const res = await t.request({
      method: 'PUT',
      url: '/api/users/me',
      token,
      body: { siret: uniqueSiret() },
    });
    expect(res.statusCode).toBe(200);
    const after = await info(token);
    expect(after).toMatchObject({
      plan: 'essai',
      daysLeft: TRIAL_DAYS,
      facturesMensuel: { limite: null },
      clients: { limite: null },
    });
    const end = Date.parse(after.trialEndsAt ?? '');
    expect(end).toBeGreaterThanOrEqual(before + TRIAL_DAYS * DAY_MS);
    expect(end).toBeLessThanOrEqual(t.clock.now().getTime() + TRIAL_DAYS * DAY_MS);
  });

  it('starts it too when the SIRET comes through the legal mentions', async () => {
    const { token } = await particulier();
    const res = await t.request({
      method: 'PUT',
      url: '/api/mentions-legales',
      token,
      body: { siret: uniqueSiret() },
    });
    expect(res.statusCode).toBe(200);
    expect(await info(token)).toMatchObject({ plan: 'essai', daysLeft: TRIAL_DAYS });
  });

  it('gives no second trial, and leaves a plan given by an admin alone', async () => {
    const hadTrial = await signedInUser(t, {
      role: 'particulier',
      siret: null,
      plan: 'gratuit',
      trialEndsAt: new Date(Date.now() - DAY_MS),
    });
    await t.request({
      method: 'PUT',
      url: '/api/users/me',
      token: hadTrial.token,
      body: { siret: uniqueSiret() },
    });
    expect((await info(hadTrial.token)).plan).toBe('gratuit');

    const granted = await signedInUser(t, {
      role: 'particulier',
      siret: null,
      plan: 'business',
      planGrantedByAdmin: true,
    });
    await t.request({
      method: 'PUT',
      url: '/api/users/me',
      token: granted.token,
      body: { siret: uniqueSiret() },
    });
    expect((await info(granted.token)).plan).toBe('business');
  });

  it('a later profile edit does not restart the trial', async () => {
    const { token } = await particulier();
    await t.request({ method: 'PUT', url: '/api/users/me', token, body: { siret: uniqueSiret() } });
    const first = (await info(token)).trialEndsAt;
    t.clock.advance(3 * DAY_MS);
    await t.request({ method: 'PUT', url: '/api/users/me', token, body: { siret: uniqueSiret() } });
    expect(await info(token)).toMatchObject({ plan: 'essai', trialEndsAt: first, daysLeft: TRIAL_DAYS - 3 });
  });
});

describe('subscribing during the trial (test mode, issue 17)', () => {
  async function subscribe(token: string) {
    const checkout = await t.request({
      method: 'POST',
      url: '/api/subscription/create-checkout-session',
      token,
      body: { planName: 'premium' },
    });
    const { sessionId } = checkout.json<{ sessionId: string }>();
    const confirmed = await t.request({
      method: 'POST',
      url: `/api/subscription/test-checkout/${sessionId}/confirm`,
      token,
    });
    expect(confirmed.json()).toMatchObject({ status: 'completed' });
  }

  it('keeps the trial days: the paid period starts when the trial ends', async () => {
    const trialEndsAt = new Date(Date.now() + 10 * DAY_MS);
    const { token, user, password } = await signedInUser(t, { plan: 'essai', trialEndsAt });
    await subscribe(token);
    const subscribed = await info(token);
    expect(subscribed).toMatchObject({
      plan: 'premium',
      status: 'actif',
      trialEndsAt: trialEndsAt.toISOString(),
      premierPaiement: trialEndsAt.toISOString(),
      dateDebut: trialEndsAt.toISOString(),
      currentPeriodEnd: new Date(trialEndsAt.getTime() + 30 * DAY_MS).toISOString(),
    });
    // Once the trial is over, the paid period runs and the first payment is behind.
    t.clock.set(new Date(trialEndsAt.getTime() + DAY_MS));
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: user.email, password },
    });
    expect(await info(login.json<{ token: string }>().token)).toMatchObject({
      plan: 'premium',
      premierPaiement: null,
      daysLeft: 29,
    });
  });

  it("the admin's view shows no payment yet and the first one at the trial's end, then the paid period", async () => {
    let { token: admin } = await signedInAdmin(t);
    const trialEndsAt = new Date(Date.now() + 10 * DAY_MS);
    const { token, user } = await signedInUser(t, { plan: 'essai', trialEndsAt });
    await subscribe(token);
    const view = async () =>
      (
        await t.request({ method: 'GET', url: `/api/admin/users/${user._id}/subscription`, token: admin })
      ).json<AdminSubscription>();
    expect(await view()).toMatchObject({
      dernierPaiement: null,
      prochainPaiement: trialEndsAt.toISOString(),
      totalPayeEstimeCents: 0,
    });
    // Eleven days later the admin's session has expired: a new sign-in, as in the test above.
    t.clock.set(new Date(trialEndsAt.getTime() + DAY_MS));
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: t.config.adminEmails[0], password: STRONG_PASSWORD },
    });
    admin = login.json<{ token: string }>().token;
    expect(await view()).toMatchObject({
      dernierPaiement: trialEndsAt.toISOString(),
      prochainPaiement: new Date(trialEndsAt.getTime() + 30 * DAY_MS).toISOString(),
      totalPayeEstimeCents: Math.round(PLAN_CATALOGUE.premium.prix * 100),
    });
  });

  it('after the trial, the paid period starts at once', async () => {
    const { token } = await signedInUser(t, { plan: 'gratuit', trialEndsAt: new Date(Date.now() - DAY_MS) });
    const before = Date.now();
    await subscribe(token);
    const subscribed = await info(token);
    expect(subscribed.premierPaiement).toBeNull();
    expect(Date.parse(subscribed.dateDebut ?? '')).toBeGreaterThanOrEqual(before - 1000);
  });
});
