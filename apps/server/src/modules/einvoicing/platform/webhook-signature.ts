import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Issue 19: a platform's webhook is signed with the connection's webhook secret: `X-Signature:
 * t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. The timestamp inside the signed text makes
 * an old delivery replayed later fail (tolerance below); the compare is constant-time.
 */
export const SIGNATURE_HEADER = 'x-signature';
export const SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;

export function signWebhook(secret: string, body: Buffer | string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${digest(secret, t, body)}`;
}

export function verifyWebhook(secret: string, body: Buffer, header: string | undefined, now: Date): boolean {
  if (!header) return false;
  const parts = new Map(
    header.split(',').map((part) => {
      const [key = '', ...value] = part.trim().split('=');
      return [key, value.join('=')] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(now.getTime() - t * 1000) > SIGNATURE_TOLERANCE_MS) return false;
  return timingSafeEqual(Buffer.from(digest(secret, t, body), 'hex'), Buffer.from(given, 'hex'));
}

function digest(secret: string, t: number, body: Buffer | string): string {
  return createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex');
}
