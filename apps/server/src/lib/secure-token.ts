import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes: unguessable, and short enough to sit in a link. */
export function newSecureToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored, so a leaked database does not hand out working links. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
