import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { type TestPlatformWebhookRow, testPlatformWebhooks } from '../../../db/schema.js';
import type { DbOrTx } from '../../../db/types.js';
import { openSecret, sealSecret } from '../../../lib/secret-box.js';
import type { components } from '../afnor/generated/flow-service.js';

type WebhookParams = components['schemas']['WebhookParams'];
export type WebhookWire = components['schemas']['Webhook'];

/** POST /v1/webhooks: a webhook of this client, with its signing key (32 random bytes, base64). */
export async function createWebhook(
  db: DbOrTx,
  secretKey: string,
  clientId: string,
  params: WebhookParams,
  now: Date,
): Promise<{ webhookId: string; signingKey: string; createdAt: string }> {
  const signingKey = randomBytes(32).toString('base64');
  const [row] = await db
    .insert(testPlatformWebhooks)
    .values({
      clientId,
      callbackUrl: params.callbackUrl,
      filters: {
        ...(params.flowTypes ? { flowTypes: params.flowTypes } : {}),
        ...(params.flowDirection ? { flowDirection: params.flowDirection } : {}),
        ...(params.ackStatus ? { ackStatus: params.ackStatus } : {}),
      },
      signingKeyEncrypted: sealSecret(secretKey, signingKey),
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('test platform webhook not written');
  return { webhookId: row.id, signingKey, createdAt: row.createdAt.toISOString() };
}

export async function webhooksOf(db: DbOrTx, clientId: string): Promise<TestPlatformWebhookRow[]> {
  return db
    .select()
    .from(testPlatformWebhooks)
    .where(eq(testPlatformWebhooks.clientId, clientId))
    .orderBy(asc(testPlatformWebhooks.createdAt));
}

/** DELETE /v1/webhooks/{id}: false when it is not one of this client's. */
export async function deleteWebhook(db: DbOrTx, clientId: string, webhookId: string): Promise<boolean> {
  const gone = await db
    .delete(testPlatformWebhooks)
    .where(and(eq(testPlatformWebhooks.id, webhookId), eq(testPlatformWebhooks.clientId, clientId)))
    .returning({ id: testPlatformWebhooks.id });
  return gone.length > 0;
}

/** GET /v1/webhooks's item: the webhook as registered (its signing key is not shown again). */
export function toWebhookWire(row: TestPlatformWebhookRow): WebhookWire {
  const { flowTypes, ...filters } = row.filters;
  return {
    webhookId: row.id,
    createdAt: row.createdAt.toISOString(),
    callbackUrl: row.callbackUrl,
    ...filters,
    // Stored as they were validated against the document's FlowType.
    ...(flowTypes ? { flowTypes: flowTypes as NonNullable<WebhookWire['flowTypes']> } : {}),
  };
}

export function signingKeyOf(secretKey: string, row: TestPlatformWebhookRow): string {
  return openSecret(secretKey, row.signingKeyEncrypted);
}
