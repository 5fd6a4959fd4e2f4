import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type EInvoicingConnectionRow, einvoicingConnections } from '../../../db/schema.js';
import type { DbOrTx } from '../../../db/types.js';
import { sealSecret } from '../../../lib/secret-box.js';

/**
 * Issue 19: a professional's connection to their platform. Without a row, the built-in test platform;
 * its per-user client credentials (and webhook secret) are made on first use, sealed like any other.
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

/** Credentials on the test platform: the client id is public, the secrets are sealed at rest. */
export function testCredentials(secretKey: string) {
  return {
    baseUrl: null,
    tokenUrl: null,
    clientId: `facturo-${randomBytes(12).toString('hex')}`,
    clientSecretEncrypted: sealSecret(secretKey, randomBytes(24).toString('base64url')),
    webhookSecretEncrypted: sealSecret(secretKey, randomBytes(24).toString('base64url')),
  };
}
