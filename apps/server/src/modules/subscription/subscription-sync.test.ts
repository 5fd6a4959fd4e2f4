import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema.js';
import { DAY_MS } from '../../lib/clock.js';
import { signedInUser } from '../../test/factories.js';
import { startAppWithFakeStripe } from '../../test/fake-stripe.js';
import type { TestApp } from '../../test/harness.js';
import { signedInAdmin } from '../admin/admin-test-helpers.js';
import { findUserById } from '../users/users.repo.js';
import { saveSubscription } from './subscription.repo.js';

/** What the Stripe-shaped API on loopback says of each subscription id; an unknown id is a 404. */
const stripeSays = new Map<string, Record<string, unknown>>();
let t: TestApp;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, close } = await startAppWithFakeStripe(({ method, path }) => {
    const id = path.match(/^\/v1\/subscriptions\/([^/?]+)/)?.[1] ?? '';
    const state = method === 'GET' ? stripeSays.get(id) : undefined;
    if (!state) {
      return {
        status: 404,
        json: { error: { message: 'No such subscription', type: 'invalid_request_error' } },
      };
    }
    return { json: { id, object: 'subscription', ...state } };
  }));
});
afterAll(async () => close?.());

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

async function stripeSubscriber(subscriptionId: string, start: Date, end: Date) {
  const pro = await signedInUser(t, { plan: 'premium' });
  await saveSubscription(t.database.db, pro.user._id, {
    plan: 'premium',
    status: 'actif',
    provider: 'stripe',
    customerId: 'cus_1',
    subscriptionId,
    currentPeriodStart: start,
    currentPeriodEnd: end,
    cancelAtPeriodEnd: false,
  });
  return pro.user._id;
}

const subscriptionOf = async (userId: string) =>
  (await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];

describe('POST /admin/sync-subscriptions with Stripe', () => {
  it('re-reads each subscription and corrects what differs; one unreadable does not stop the others', async () => {
    const { token } = await signedInAdmin(t);
    const start = new Date(Math.floor(Date.now() / 1000) * 1000 - 10 * DAY_MS);
    const end = new Date(start.getTime() + 30 * DAY_MS);
    const renewedEnd = new Date(end.getTime() + 30 * DAY_MS);
    const tag = Date.now();

    const cancelled = await stripeSubscriber(`sub_cancelled_${tag}`, start, end);
    stripeSays.set(`sub_cancelled_${tag}`, { status: 'canceled', cancel_at_period_end: false });
    const renewed = await stripeSubscriber(`sub_renewed_${tag}`, start, end);
    stripeSays.set(`sub_renewed_${tag}`, {
      status: 'active',
      cancel_at_period_end: false,
      items: { data: [{ current_period_start: seconds(end), current_period_end: seconds(renewedEnd) }] },
    });
    const same = await stripeSubscriber(`sub_same_${tag}`, start, end);
    stripeSays.set(`sub_same_${tag}`, {
      status: 'active',
      cancel_at_period_end: false,
      items: { data: [{ current_period_start: seconds(start), current_period_end: seconds(end) }] },
    });
    const unreadable = await stripeSubscriber(`sub_gone_${tag}`, start, end);

    const res = await t.request({ method: 'POST', url: '/api/admin/sync-subscriptions', token });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<{ verifiees: number; corrigees: number }>();
    expect(result.verifiees).toBeGreaterThanOrEqual(4);
    expect(result.corrigees).toBeGreaterThanOrEqual(2);

    expect(await subscriptionOf(cancelled)).toMatchObject({ status: 'expire' });
    expect((await findUserById(t.database.db, cancelled))?.plan).toBe('gratuit');
    expect(await subscriptionOf(renewed)).toMatchObject({
      status: 'actif',
      currentPeriodStart: end,
      currentPeriodEnd: renewedEnd,
    });
    expect((await findUserById(t.database.db, renewed))?.plan).toBe('premium');
    expect(await subscriptionOf(same)).toMatchObject({ status: 'actif', currentPeriodEnd: end });
    expect(await subscriptionOf(unreadable)).toMatchObject({ status: 'actif', currentPeriodEnd: end });
  });
});
