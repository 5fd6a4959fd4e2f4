import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema.js';
import { signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { stripeProvider } from '../subscription/stripe-provider.js';

/** A Stripe-shaped API on loopback: the SDK's calls land here, never on the internet. */
let fake: Server;
const calls: { method: string; path: string }[] = [];
let t: TestApp;

beforeAll(async () => {
  fake = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      calls.push({ method: request.method ?? '', path: request.url ?? '' });
      response.setHeader('content-type', 'application/json');
      const id = request.url?.split('/').pop();
      response.end(JSON.stringify({ id, object: 'subscription', status: 'canceled' }));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const { port } = fake.address() as AddressInfo;
  t = await startTestApp(
    {},
    {
      paymentProvider: stripeProvider({
        secretKey: 'sk_test_facturo',
        webhookSecret: 'whsec_test_facturo',
        appUrl: 'http://facturo.test',
        apiUrl: `http://127.0.0.1:${port}`,
      }),
    },
  );
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => fake.close(resolve));
});

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
