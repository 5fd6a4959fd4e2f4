import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of a platform's webhook delivery, as XP Z12-013's Flow Service defines it (createWebhook):
 * a SHA-256 fingerprint of the JSON payload as sent, the separator `@` and the epoch time in seconds; an
 * HMAC-SHA-256 of that fingerprint with the webhook's signing key; base64 for transport, in the headers
 * `Afnor-Signature` (the signature) and `Afnor-Signature-Timestamp` (the seconds).
 *
 * Where the text leaves details open, this is the reading we chose (README, « Plateforme agréée »):
 * - the signing key is the bytes its `format: byte` announces, i.e. the base64-decoded `signingKey`;
 * - the HMAC is computed over the fingerprint's 32 raw bytes (the digest itself, not its hex spelling).
 * The test platform signs the same way (it imports this module).
 */
export const SIGNATURE_HEADER = 'afnor-signature';
export const TIMESTAMP_HEADER = 'afnor-signature-timestamp';
/** A delivery older (or newer) than this is refused: a captured one cannot be replayed later. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;
/**
 * How long an accepted delivery is remembered to refuse its replay: its timestamp may be up to the
 * tolerance on either side of now, so up to twice the tolerance after it first arrived.
 */
export const DELIVERY_MEMORY_MS = 2 * SIGNATURE_TOLERANCE_MS;

export function webhookSignature(signingKey: string, body: Buffer | string, epochSeconds: number): string {
  const fingerprint = createHash('sha256').update(body).update(`@${epochSeconds}`).digest();
  return createHmac('sha256', Buffer.from(signingKey, 'base64')).update(fingerprint).digest('base64');
}

/** The two headers of a delivery sent now. */
export function signedHeaders(signingKey: string, body: Buffer | string, at: Date): Record<string, string> {
  const seconds = Math.floor(at.getTime() / 1000);
  return {
    [SIGNATURE_HEADER]: webhookSignature(signingKey, body, seconds),
    [TIMESTAMP_HEADER]: String(seconds),
  };
}

/**
 * The delivery's key when its signature holds and its timestamp is recent: the SHA-256 of timestamp and
 * signature, the same for every replay of it (remembered to refuse them). Null otherwise.
 */
export function verifyWebhook(
  signingKey: string,
  body: Buffer,
  headers: { signature: string | undefined; timestamp: string | undefined },
  now: Date,
): string | null {
  const { signature, timestamp } = headers;
  if (!signature || !timestamp || !/^\d{1,19}$/.test(timestamp)) return null;
  const seconds = Number(timestamp);
  if (Math.abs(now.getTime() - seconds * 1000) > SIGNATURE_TOLERANCE_MS) return null;
  const expected = Buffer.from(webhookSignature(signingKey, body, seconds), 'base64');
  const given = Buffer.from(signature, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return createHash('sha256').update(`${seconds}:${signature}`).digest('hex');
}
