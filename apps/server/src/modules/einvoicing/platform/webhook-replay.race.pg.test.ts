import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receivedWebhooks } from '../../../db/schema.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { deliverWebhook, signed, userWithPlatformWebhook } from './webhook-test-kit.js';

/*
 * Copies of one signed delivery arriving together on two replicas: the received_webhooks primary key
 * decides, exactly one is taken. PostgreSQL only (vitest.config.ts): PGlite runs one transaction at a time.
 */

let replicas: TestApp[];
beforeAll(async () => {
  // As in production, the replicas share their secrets (sessions, sealed platform secrets); the syncs the
  // webhooks ask for are dropped (the platform is not reachable from here).
  const shared = {
    jwtSecret: randomBytes(32).toString('hex'),
    einvoicing: { secretKey: randomBytes(32).toString('hex'), testPlatformUrl: undefined },
  };
  const options = { platformSync: async () => undefined };
  replicas = [await startTestApp(shared, options), await startTestApp(shared, options)];
});
afterAll(async () => Promise.all(replicas.map((replica) => replica.close())));

describe('simultaneous copies of a webhook delivery', () => {
  it('accepts exactly one of twelve identical deliveries sent at once to two replicas', async () => {
    const [a, b] = replicas as [TestApp, TestApp];
    const userId = await userWithPlatformWebhook(a);
    const body = JSON.stringify({ event: 'flow.updated', flowId: 'flux-course' });
    const signature = signed(body, new Date());
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => deliverWebhook(i % 2 ? a : b, userId, body, signature)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(11).fill(409)]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json<{ errorType: string }>().errorType).toBe('webhook_replayed');
    }
    const rows = await a.database.db
      .select()
      .from(receivedWebhooks)
      .where(eq(receivedWebhooks.userId, userId));
    expect(rows).toHaveLength(1);
  });
});
