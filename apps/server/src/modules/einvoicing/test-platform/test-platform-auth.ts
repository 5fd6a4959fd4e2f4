import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../../context.js';
import type { EInvoicingConnectionRow } from '../../../db/schema.js';
import { openSecret } from '../../../lib/secret-box.js';
import { findConnectionByClientId } from '../platform/connection.repo.js';

/** How long a token of the test platform lives (a real PA's are minutes too). */
export const TEST_TOKEN_SECONDS = 300;

/**
 * The test platform's OAuth2: its clients are the instance's test connections (client id, sealed
 * secret). A token is `<client id>.<expiry>.<HMAC>` under the instance's key: stateless, so that any
 * replica checks a token another one gave.
 */
export async function clientOf(
  ctx: Pick<AppContext, 'db' | 'config'>,
  clientId: string,
  clientSecret: string,
): Promise<EInvoicingConnectionRow | null> {
  const connection = await findConnectionByClientId(ctx.db, clientId);
  if (connection?.platform !== 'test' || !connection.clientSecretEncrypted) return null;
  const expected = Buffer.from(openSecret(ctx.config.einvoicing.secretKey, connection.clientSecretEncrypted));
  const given = Buffer.from(clientSecret);
  return expected.length === given.length && timingSafeEqual(expected, given) ? connection : null;
}

export function issueToken(secretKey: string, clientId: string, now: Date): string {
  const expiry = Math.floor(now.getTime() / 1000) + TEST_TOKEN_SECONDS;
  const body = `${Buffer.from(clientId).toString('base64url')}.${expiry}`;
  return `${body}.${mac(secretKey, body)}`;
}

/** The client id a valid, unexpired token was given to; null otherwise. */
export function verifyToken(secretKey: string, token: string, now: Date): string | null {
  const [id, expiry, given] = token.split('.');
  if (!id || !expiry || !given) return null;
  const expected = Buffer.from(mac(secretKey, `${id}.${expiry}`));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  if (Number(expiry) * 1000 < now.getTime()) return null;
  return Buffer.from(id, 'base64url').toString('utf8');
}

function mac(secretKey: string, body: string): string {
  return createHmac('sha256', `test-platform:${secretKey}`).update(body).digest('base64url');
}
