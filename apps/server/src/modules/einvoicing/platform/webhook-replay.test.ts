import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receivedWebhooks } from '../../../db/schema.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { DELIVERY_MEMORY_MS, SIGNATURE_TOLERANCE_MS } from '../afnor/webhook-signature.js';
import { purgeReceivedWebhooks } from './received-webhooks.repo.js';
import { deliverWebhook, signed, userWithPlatformWebhook } from './webhook-test-kit.js';

let t: TestApp;
/** The users whose webhooks queued a sync, once per sync. */
const synced: string[] = [];
beforeAll(async () => {
  t = await startTestApp({}, { platformSync: async (job) => void synced.push(job.userId) });
});
afterAll(async () => t.close());

const remembered = async (userId: string) =>
  t.database.db.select().from(receivedWebhooks).where(eq(receivedWebhooks.userId, userId));

describe('a signed webhook replayed within its tolerance', () => {
  it('is taken once: the copy is refused with a French 409, a new delivery still goes through', async () => {
    const userId = await userWithPlatformWebhook(t);
    const body = JSON.stringify({ event: 'flow.updated', flowId: 'flux-1' });
    const headers = signed(body, t.clock.now());

    const first = await deliverWebhook(t, userId, body, headers);
    expect(first.statusCode, first.body).toBe(200);
    await expect.poll(() => synced.filter((id) => id === userId).length).toBe(1);

    const replays = [
      headers,
      // Header names are case-insensitive: the same delivery.
      Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toUpperCase(), value])),
    ];
    for (const replayed of replays) {
      const replay = await deliverWebhook(t, userId, body, replayed);
      expect(replay.statusCode).toBe(409);
      expect(replay.json()).toEqual({
        errorType: 'webhook_replayed',
        message: 'Ce webhook a déjà été reçu : une même livraison n’est acceptée qu’une fois.',
      });
    }
    expect(await remembered(userId)).toHaveLength(1);

    // The platform's next delivery (another second, or another body) is a new one.
    const later = signed(body, new Date(t.clock.now().getTime() + 1000));
    expect((await deliverWebhook(t, userId, body, later)).statusCode).toBe(200);
    const other = JSON.stringify({ event: 'flow.updated', flowId: 'flux-2' });
    expect((await deliverWebhook(t, userId, other, signed(other, t.clock.now()))).statusCode).toBe(200);
    await expect.poll(() => synced.filter((id) => id === userId).length).toBe(3);
    expect(await remembered(userId)).toHaveLength(3);
  });

  it('remembers nothing of a refused signature', async () => {
    const userId = await userWithPlatformWebhook(t);
    const body = JSON.stringify({ event: 'flow.updated', flowId: 'flux-1' });
    const forged = signed(body, t.clock.now(), Buffer.alloc(32, 9).toString('base64'));
    expect((await deliverWebhook(t, userId, body, forged)).statusCode).toBe(401);
    expect(await remembered(userId)).toEqual([]);
    // The genuine delivery of that second is still taken.
    const genuine = signed(body, t.clock.now());
    expect((await deliverWebhook(t, userId, body, genuine)).statusCode).toBe(200);
  });

  it('forgets deliveries once their signature is stale, which the timestamp then refuses alone', async () => {
    const userId = await userWithPlatformWebhook(t);
    const body = JSON.stringify({ event: 'flow.updated', flowId: 'flux-9' });
    const sentAt = t.clock.now();
    const signature = signed(body, sentAt);
    expect((await deliverWebhook(t, userId, body, signature)).statusCode).toBe(200);

    // Within the memory, the row stays; past it, the maintenance purge removes it.
    await purgeReceivedWebhooks(t.database.db, new Date(sentAt.getTime() + DELIVERY_MEMORY_MS - 1000));
    expect(await remembered(userId)).toHaveLength(1);
    await purgeReceivedWebhooks(t.database.db, new Date(sentAt.getTime() + DELIVERY_MEMORY_MS + 1000));
    expect(
      await t.database.db
        .select()
        .from(receivedWebhooks)
        .where(and(eq(receivedWebhooks.userId, userId))),
    ).toEqual([]);

    t.clock.advance(SIGNATURE_TOLERANCE_MS + 1000);
    try {
      const stale = await deliverWebhook(t, userId, body, signature);
      expect(stale.statusCode).toBe(401);
      expect(stale.json<{ errorType: string }>().errorType).toBe('invalid_webhook_signature');
    } finally {
      t.clock.reset();
    }
  });
});
