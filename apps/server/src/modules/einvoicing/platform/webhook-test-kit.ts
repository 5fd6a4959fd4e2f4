import { randomUUID } from 'node:crypto';
import { sealSecret } from '../../../lib/secret-box.js';
import { signedInUser } from '../../../test/factories.js';
import type { TestApp } from '../../../test/harness.js';
import { signedHeaders } from '../afnor/webhook-signature.js';
import { ensureConnection, storeWebhook } from './connection.repo.js';

/** A signing key as a platform gives it at POST /v1/webhooks (format byte: base64 of 256 bits). */
export const WEBHOOK_SIGNING_KEY = Buffer.alloc(32, 7).toString('base64');

/**
 * A professional whose platform has registered a webhook signed with WEBHOOK_SIGNING_KEY, stored as the
 * registration stores it (the registration itself is tested in connection.test.ts).
 */
export async function userWithPlatformWebhook(t: TestApp): Promise<string> {
  const { user } = await signedInUser(t);
  const row = await ensureConnection(t.database.db, t.config.einvoicing.secretKey, user._id);
  const stored = await storeWebhook(t.database.db, row, {
    webhookId: randomUUID(),
    signingKeySealed: sealSecret(t.config.einvoicing.secretKey, WEBHOOK_SIGNING_KEY),
  });
  if (!stored) throw new Error('webhook not stored');
  return user._id;
}

/** The Afnor-Signature headers of `body` sent at `at`, signed with `key` (WEBHOOK_SIGNING_KEY by default). */
export const signed = (body: string, at: Date, key = WEBHOOK_SIGNING_KEY) => signedHeaders(key, body, at);

/** A delivery as the platform sends it: the raw body and its signature headers. */
export const deliverWebhook = (t: TestApp, userId: string, body: string, headers: Record<string, string>) =>
  t.request({
    method: 'POST',
    url: `/api/facturation-electronique/webhooks/${userId}`,
    body,
    headers: { 'content-type': 'application/json', ...headers },
  });
