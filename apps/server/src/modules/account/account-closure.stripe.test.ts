import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema.js';
import { signedInUser } from '../../test/factories.js';
import { startAppWithFakeStripe } from '../../test/fake-stripe.js';
import type { TestApp } from '../../test/harness.js';

/** A Stripe-shaped API on loopback: the SDK's calls land here, never on the internet. */
const calls: { method: string; path: string }[] = [];
let t: TestApp;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, close } = await startAppWithFakeStripe(({ method, path }) => {
    calls.push({ method, path });
    return { json: { id: path.split('/').pop(), object: 'subscription', status: 'canceled' } };
  }));
});
afterAll(async () => close());

describe('closing an account with a Stripe subscription', () => {
  it('cancels the subscription at Stripe at once (DELETE /v1/subscriptions/{id})', async () => {
    const { token, user, password } = await signedInUser(t, { plan: 'business' });
    const now = Date.now();
    await t.database.db.insert(subscriptions).values({
      userId: user._id,
      plan: 'business',
      status: 'actif',
      provider: 'stripe',
      customerId: 'cus_1',
      subscriptionId: `sub_${user._id}`,
      currentPeriodStart: new Date(now - 86_400_000),
      currentPeriodEnd: new Date(now + 29 * 86_400_000),
    });
    const res = await t.request({ method: 'DELETE', url: '/api/users/me', token, body: { password } });
    expect(res.statusCode).toBe(204);
    expect(calls).toContainEqual({ method: 'DELETE', path: `/v1/subscriptions/sub_${user._id}` });
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user._id));
    expect(row?.status).toBe('expire');
  });
});
