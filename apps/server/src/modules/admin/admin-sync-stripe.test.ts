import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema.js';
import { DAY_MS } from '../../lib/clock.js';
import { signedInUser } from '../../test/factories.js';
import { type StripeCall, startAppWithFakeStripe } from '../../test/fake-stripe.js';
import type { TestApp } from '../../test/harness.js';
import { findUserById } from '../users/users.repo.js';
import { signedInAdmin } from './admin-test-helpers.js';

/*
 * POST /admin/sync-subscriptions with Stripe: each live subscription is read again from Stripe (a
 * Stripe-shaped API on loopback) and our copy corrected. A database of this file's own, so that the
 * sync reads these subscriptions only and its counts are exact.
 */

const start = Math.floor((Date.now() - 10 * DAY_MS) / 1000);
const end = Math.floor((Date.now() + 20 * DAY_MS) / 1000);
const period = { items: { data: [{ current_period_start: start, current_period_end: end }] } };
/** What Stripe says of each subscription id. */
const STRIPE: Record<string, { status?: number; json: unknown }> = {
  sub_same: { json: { id: 'sub_same', object: 'subscription', status: 'active', ...period } },
  sub_cancelling: {
    json: {
      id: 'sub_cancelling',
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: true,
      ...period,
    },
  },
  sub_gone: { json: { id: 'sub_gone', object: 'subscription', status: 'canceled', ...period } },
  sub_down: { status: 500, json: { error: { type: 'api_error', message: 'indisponible' } } },
};
const reads: string[] = [];

let t: TestApp;
let close: () => Promise<void>;
let admin: string;
beforeAll(async () => {
  ({ t, close } = await startAppWithFakeStripe(
    ({ method, path }: StripeCall) => {
      const id = path.split('?')[0]?.split('/').pop() ?? '';
      if (method === 'GET') reads.push(id);
      return STRIPE[id] ?? { status: 404, json: { error: { type: 'invalid_request_error' } } };
    },
    undefined,
    { privateDatabase: true },
  ));
  ({ token: admin } = await signedInAdmin(t));
});
afterAll(async () => close?.());

async function paying(subscriptionId: string) {
  const { user } = await signedInUser(t, { plan: 'premium' });
  await t.database.db.insert(subscriptions).values({
    userId: user._id,
    plan: 'premium',
    status: 'actif',
    provider: 'stripe',
    customerId: `cus_${subscriptionId}`,
    subscriptionId,
    currentPeriodStart: new Date(start * 1000),
    currentPeriodEnd: new Date(end * 1000),
  });
  return user._id;
}
const subscriptionOf = async (userId: string) =>
  (await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];

describe('POST /admin/sync-subscriptions (Stripe)', () => {
  it('reads each subscription again at Stripe and corrects ours; one Stripe cannot read stays as it was', async () => {
    const same = await paying('sub_same');
    const cancelling = await paying('sub_cancelling');
    const gone = await paying('sub_gone');
    const down = await paying('sub_down');

    const res = await t.request({ method: 'POST', url: '/api/admin/sync-subscriptions', token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ verifiees: 4, corrigees: 2 });
    expect(reads).toEqual(expect.arrayContaining(['sub_same', 'sub_cancelling', 'sub_gone', 'sub_down']));

    expect(await subscriptionOf(same)).toMatchObject({ status: 'actif', cancelAtPeriodEnd: false });
    expect(await subscriptionOf(cancelling)).toMatchObject({ status: 'annule', cancelAtPeriodEnd: true });
    expect((await findUserById(t.database.db, cancelling))?.plan).toBe('premium');
    expect(await subscriptionOf(gone)).toMatchObject({ status: 'expire' });
    expect((await findUserById(t.database.db, gone))?.plan).toBe('gratuit');
    expect(await subscriptionOf(down)).toMatchObject({ status: 'actif', cancelAtPeriodEnd: false });
  });
});
