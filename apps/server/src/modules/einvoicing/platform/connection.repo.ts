import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { type EInvoicingConnectionRow, einvoicingConnections } from '../../../db/schema.js';
import type { DbOrTx } from '../../../db/types.js';
import { sealSecret } from '../../../lib/secret-box.js';

/**
 * A professional's connection to their platform. Without a row, the built-in test platform; its per-user
 * client credentials are made on first use, sealed like any other. The webhook (its id and signing key)
 * is stored once the platform has registered it (webhook-registration.ts), never inside these writes.
 */
export async function findConnection(db: DbOrTx, userId: string): Promise<EInvoicingConnectionRow | null> {
  const [row] = await db.select().from(einvoicingConnections).where(eq(einvoicingConnections.userId, userId));
  return row ?? null;
}

export async function findConnectionByClientId(
  db: DbOrTx,
  clientId: string,
): Promise<EInvoicingConnectionRow | null> {
  const [row] = await db
    .select()
    .from(einvoicingConnections)
    .where(eq(einvoicingConnections.clientId, clientId));
  return row ?? null;
}

/** The user's connection; a test-platform one with fresh credentials when they had none (race-safe). */
export async function ensureConnection(
  db: DbOrTx,
  secretKey: string,
  userId: string,
): Promise<EInvoicingConnectionRow> {
  const existing = await findConnection(db, userId);
  if (existing?.clientId) return existing;
  if (existing) {
    // A test connection saved before its credentials existed (the user chose it explicitly).
    const [updated] = await db
      .update(einvoicingConnections)
      .set(testCredentials(secretKey))
      .where(eq(einvoicingConnections.userId, userId))
      .returning();
    if (updated) return updated;
  }
  await db
    .insert(einvoicingConnections)
    .values({ userId, platform: 'test', ...testCredentials(secretKey) })
    .onConflictDoNothing();
  const row = await findConnection(db, userId);
  if (!row) throw new Error('connection not written');
  return row;
}

/**
 * Credentials on the test platform: the client id is public, the secret is sealed at rest. A new client
 * is a new owner of webhooks on the platform: none is registered yet.
 */
export function testCredentials(secretKey: string) {
  return {
    baseUrl: null,
    directoryUrl: null,
    tokenUrl: null,
    clientAuth: 'corps' as const,
    clientId: `facturo-${randomBytes(12).toString('hex')}`,
    clientSecretEncrypted: sealSecret(secretKey, randomBytes(24).toString('base64url')),
    ...NO_WEBHOOK,
  };
}

export const NO_WEBHOOK = { webhookId: null, webhookSecretEncrypted: null } as const;

/**
 * Stores a webhook registered for this very account (same platform client), unless another request
 * stored one meanwhile or the account changed: false then, and the caller deletes the one it registered.
 */
export async function storeWebhook(
  db: DbOrTx,
  account: EInvoicingConnectionRow,
  webhook: { webhookId: string; signingKeySealed: string },
): Promise<EInvoicingConnectionRow | null> {
  const [row] = await db
    .update(einvoicingConnections)
    .set({ webhookId: webhook.webhookId, webhookSecretEncrypted: webhook.signingKeySealed })
    .where(
      and(
        eq(einvoicingConnections.userId, account.userId),
        eq(einvoicingConnections.platform, account.platform),
        account.clientId === null
          ? isNull(einvoicingConnections.clientId)
          : eq(einvoicingConnections.clientId, account.clientId),
        account.baseUrl === null
          ? isNull(einvoicingConnections.baseUrl)
          : eq(einvoicingConnections.baseUrl, account.baseUrl),
        isNull(einvoicingConnections.webhookId),
      ),
    )
    .returning();
  return row ?? null;
}
