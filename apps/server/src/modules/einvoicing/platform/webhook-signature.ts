import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Issue 19: a platform's webhook is signed with the connection's webhook secret: `X-Signature:
 * t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. The timestamp inside the signed text makes
 * an old delivery replayed later fail (tolerance below); the compare is constant-time. Within the
 * tolerance, a replay carries the very same signature: its key (deliveryKey) is remembered to refuse it.
 */
export const SIGNATURE_HEADER = 'x-signature';
export const SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;
/**
 * How long an accepted delivery is remembered: its signature is accepted while `t` is within the
 * tolerance of now, on either side (the sender's clock may be ahead), so up to twice the tolerance
 * after it first arrived.
 */
export const DELIVERY_MEMORY_MS = 2 * SIGNATURE_TOLERANCE_MS;

export function signWebhook(secret: string, body: Buffer | string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${digest(secret, t, body)}`;
}

/**
 * The delivery's key when its signature holds and is recent: the SHA-256 of what was signed over
 * (timestamp and MAC, whatever else the header carries), the same for every replay of it. Null otherwise.
 */
export function verifyWebhook(
  secret: string,
  body: Buffer,
  header: string | undefined,
  now: Date,
): string | null {
  if (!header) return null;
  const parts = new Map(
    header.split(',').map((part) => {
      const [key = '', ...value] = part.trim().split('=');
      return [key, value.join('=')] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(given)) return null;
  if (Math.abs(now.getTime() - t * 1000) > SIGNATURE_TOLERANCE_MS) return null;
  if (!timingSafeEqual(Buffer.from(digest(secret, t, body), 'hex'), Buffer.from(given, 'hex'))) return null;
  return createHash('sha256').update(`t=${t},v1=${given}`).digest('hex');
}

function digest(secret: string, t: number, body: Buffer | string): string {
  return createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex');
}
