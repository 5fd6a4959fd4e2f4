import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../../context.js';
import { openSecret } from '../../../lib/secret-box.js';
import { findConnection } from '../platform/connection.repo.js';
import { SIGNATURE_HEADER, signWebhook } from '../platform/webhook-signature.js';

/** Where a user of this instance hears from the test platform (the same server, so its own URL). */
export function webhookUrl(testPlatformUrl: string, userId: string): string {
  return `${testPlatformUrl.replace(/\/plateforme-test$/, '')}/facturation-electronique/webhooks/${userId}`;
}

/**
 * Tells the parties of a flow that it changed, by a signed webhook each (after the change committed). A
 * lost delivery is not retried here: the receiving side's poll is the fallback, as with a real PA.
 */
export function notifyParties(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock' | 'log'>,
  userIds: readonly string[],
  flowId: string,
): void {
  const testUrl = ctx.config.einvoicing.testPlatformUrl;
  if (!testUrl) return;
  for (const userId of new Set(userIds)) {
    void deliver(ctx, testUrl, userId, flowId).catch((error: unknown) =>
      ctx.log.warn({ err: error, userId, flowId }, 'Plateforme de test : webhook non délivré'),
    );
  }
}

async function deliver(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
  testUrl: string,
  userId: string,
  flowId: string,
): Promise<void> {
  const connection = await findConnection(ctx.db, userId);
  if (!connection?.webhookSecretEncrypted || connection.platform !== 'test') return;
  const secret = openSecret(ctx.config.einvoicing.secretKey, connection.webhookSecretEncrypted);
  // Each delivery its own id: two changes of a flow within a second are two deliveries, not a replay.
  const body = JSON.stringify({ event: 'flow.updated', flowId, deliveryId: randomUUID() });
  const response = await fetch(webhookUrl(testUrl, userId), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signWebhook(secret, body, ctx.clock.now()),
    },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  await response.body?.cancel();
}
