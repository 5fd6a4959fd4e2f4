import type { SubscriptionInfo, User } from '@facturo/shared';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, uniqueEmail } from '../../test/factories.js';
import { type StripeCall, startAppWithFakeStripe } from '../../test/fake-stripe.js';
import type { TestApp } from '../../test/harness.js';

const WEBHOOK_SECRET = 'whsec_test_facturo';
const signer = new Stripe('sk_test_signer');

/** What the SDK sent to the Stripe-shaped API on loopback (test/fake-stripe.ts). */
const calls: StripeCall[] = [];
let t: TestApp;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, close } = await startAppWithFakeStripe((call) => {
    calls.push(call);
    if (call.path === '/v1/checkout/sessions') {
      const id = `cs_test_${calls.length}`;
      return { json: { id, object: 'checkout.session', url: `https://checkout.stripe.test/pay/${id}` } };
    }
    if (call.path.startsWith('/v1/subscriptions/')) {
      return { json: { id: call.path.split('/').pop(), object: 'subscription', status: 'active' } };
    }
    return { status: 404, json: { error: { message: 'unknown', type: 'invalid_request_error' } } };
  }, WEBHOOK_SECRET));
});
afterAll(async () => close());

function webhook(event: object, secret = WEBHOOK_SECRET, payloadOverride?: string) {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return t.request({
    method: 'POST',
    url: '/api/subscription/webhook',
    body: payloadOverride ?? payload,
    headers: { 'stripe-signature': signature },
  });
}

const completed = (id: string, userId: string, plan = 'premium') => ({
  id,
  type: 'checkout.session.completed',
  data: {
    object: { id: 'cs_test_x', customer: 'cus_1', subscription: `sub_${userId}`, metadata: { userId, plan } },
  },
});

async function proOnFreePlan(): Promise<{ token: string; user: User }> {
  const pro = await signedInUser(t, { plan: 'gratuit' });
  await t.request({
    method: 'POST',
    url: '/api/clients',
    token: pro.token,
    body: { nom: 'X', email: uniqueEmail() },
  });
  return pro;
}

const plan = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/subscription/info', token })).json<SubscriptionInfo>();

describe('Stripe', () => {
  it('opens a subscription-mode Checkout session for the plan, without changing the plan yet', async () => {
    const { token, user } = await proOnFreePlan();
    const res = await t.request({
      method: 'POST',
      url: '/api/subscription/create-checkout-session',
      token,
      body: { planName: 'business' },
    });
    expect(res.statusCode).toBe(200);
    const { url, sessionId } = res.json<{ url: string; sessionId: string }>();
    expect(url).toBe(`https://checkout.stripe.test/pay/${sessionId}`);
    const call = calls.find((c) => c.path === '/v1/checkout/sessions');
    expect(call?.body.get('mode')).toBe('subscription');
    expect(call?.body.get('line_items[0][price_data][unit_amount]')).toBe('1999');
    expect(call?.body.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    expect(call?.body.get('metadata[userId]')).toBe(user._id);
    expect(call?.body.get('client_reference_id')).toBe(user._id);
    expect((await plan(token)).plan).toBe('gratuit');
    const status = await t.request({
      method: 'GET',
      url: `/api/subscription/checkout-session/${sessionId}`,
      token,
    });
    expect(status.json()).toMatchObject({ status: 'pending', testMode: false });
    // No test-mode shortcut when Stripe is configured.
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/subscription/test-checkout/${sessionId}/confirm`,
          token,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('applies a signed checkout.session.completed once, and ignores forged, tampered and replayed events', async () => {
    const { token, user } = await proOnFreePlan();
    const forged = await webhook(completed('evt_forged', user._id), 'whsec_autre');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({
      errorType: 'validation_error',
      message: 'Signature du webhook invalide.',
    });
    const tampered = await webhook(
      completed('evt_1', user._id),
      WEBHOOK_SECRET,
      JSON.stringify(completed('evt_1', user._id, 'business')),
    );
    expect(tampered.statusCode).toBe(400);
    const unsigned = await t.request({
      method: 'POST',
      url: '/api/subscription/webhook',
      body: completed('evt_1', user._id),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await plan(token)).plan).toBe('gratuit');

    const eventId = `evt_${user._id}`;
    const ok = await webhook(completed(eventId, user._id));
    expect(ok.json()).toEqual({ received: true, duplicate: false });
    expect(await plan(token)).toMatchObject({ plan: 'premium', status: 'actif' });

    const deleted = await webhook({
      id: `evt_del_${user._id}`,
      type: 'customer.subscription.deleted',
      data: { object: { id: `sub_${user._id}`, status: 'canceled' } },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await plan(token)).plan).toBe('gratuit');
    const replay = await webhook(completed(eventId, user._id));
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect((await plan(token)).plan).toBe('gratuit');
  });

  it('follows subscription updates and failed payments, and cancels through the API', async () => {
    const { token, user } = await proOnFreePlan();
    await webhook(completed(`evt_c_${user._id}`, user._id));
    const periodEnd = Math.floor(Date.now() / 1000) + 20 * 86_400;
    await webhook({
      id: `evt_u_${user._id}`,
      type: 'customer.subscription.updated',
      data: {
        object: {
          id: `sub_${user._id}`,
          status: 'active',
          cancel_at_period_end: true,
          items: { data: [{ current_period_start: periodEnd - 30 * 86_400, current_period_end: periodEnd }] },
          metadata: { userId: user._id, plan: 'business' },
        },
      },
    });
    expect(await plan(token)).toMatchObject({
      plan: 'business',
      status: 'annule',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
      daysLeft: 20,
    });

    const reactivated = await t.request({ method: 'POST', url: '/api/subscription/reactivate', token });
    expect(reactivated.json<SubscriptionInfo>().cancelAtPeriodEnd).toBe(false);
    const update = calls.filter((c) => c.path === `/v1/subscriptions/sub_${user._id}`).at(-1);
    expect(update?.body.get('cancel_at_period_end')).toBe('false');

    await webhook({
      id: `evt_f_${user._id}`,
      type: 'invoice.payment_failed',
      data: { object: { parent: { subscription_details: { subscription: `sub_${user._id}` } } } },
    });
    expect((await plan(token)).status).toBe('impaye');
  });

  it('keeps the trial days: trial_end at the end of the trial, the first payment then (issue 17)', async () => {
    const trialEnd = Math.floor(Date.now() / 1000) + 10 * 86_400;
    const { token, user } = await signedInUser(t, { plan: 'essai', trialEndsAt: new Date(trialEnd * 1000) });
    const res = await t.request({
      method: 'POST',
      url: '/api/subscription/create-checkout-session',
      token,
      body: { planName: 'premium' },
    });
    expect(res.statusCode).toBe(200);
    const call = calls.filter((c) => c.path === '/v1/checkout/sessions').at(-1);
    expect(call?.body.get('subscription_data[trial_end]')).toBe(String(trialEnd));
    expect(call?.body.get('metadata[trialEnd]')).toBe(String(trialEnd));

    const first = new Date(trialEnd * 1000).toISOString();
    await webhook({
      id: `evt_trial_${user._id}`,
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_trial',
          customer: 'cus_1',
          subscription: `sub_${user._id}`,
          metadata: { userId: user._id, plan: 'premium', trialEnd: String(trialEnd) },
        },
      },
    });
    expect(await plan(token)).toMatchObject({ plan: 'premium', premierPaiement: first, dateDebut: first });
    // Stripe's own word: trialing until trial_end, its period being the trial.
    const now = Math.floor(Date.now() / 1000);
    await webhook({
      id: `evt_trialing_${user._id}`,
      type: 'customer.subscription.updated',
      data: {
        object: {
          id: `sub_${user._id}`,
          status: 'trialing',
          trial_end: trialEnd,
          items: { data: [{ current_period_start: now, current_period_end: trialEnd }] },
          metadata: { userId: user._id, plan: 'premium' },
        },
      },
    });
    expect(await plan(token)).toMatchObject({
      plan: 'premium',
      status: 'actif',
      premierPaiement: first,
      currentPeriodEnd: first,
      daysLeft: 10,
    });
  });

  it('asks for no trial_end when the trial is over or ends within 48 hours (Stripe refuses it)', async () => {
    for (const trialEndsAt of [new Date(Date.now() + 86_400_000), new Date(Date.now() - 86_400_000)]) {
      const { token } = await signedInUser(t, { plan: 'essai', trialEndsAt });
      await t.request({
        method: 'POST',
        url: '/api/subscription/create-checkout-session',
        token,
        body: { planName: 'premium' },
      });
      const call = calls.filter((c) => c.path === '/v1/checkout/sessions').at(-1);
      expect(call?.body.get('subscription_data[trial_end]')).toBeNull();
      expect(call?.body.get('metadata[trialEnd]')).toBeNull();
    }
  });

  it('ignores events for unknown users and types it does not handle', async () => {
    const res = await webhook({
      id: 'evt_other',
      type: 'customer.created',
      data: { object: { id: 'cus_9' } },
    });
    expect(res.json()).toEqual({ received: true, duplicate: false });
    const nobody = await webhook({
      id: 'evt_nobody',
      type: 'customer.subscription.deleted',
      data: { object: { id: 'sub_nobody', status: 'canceled' } },
    });
    expect(nobody.json()).toEqual({ received: true, duplicate: false });
  });
});
