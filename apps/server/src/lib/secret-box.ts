import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Issue 19: secrets kept in the database (a platform's client secret, its webhook secret) are sealed with
 * AES-256-GCM under the instance's key (config.einvoicing.secretKey): a dump of the table alone gives
 * nothing away, and a tampered value fails to open instead of yielding garbage.
 * Format: `v1.<iv>.<tag>.<ciphertext>` in base64url, so the key or algorithm can change later.
 */
const VERSION = 'v1';

/** Any configured string becomes a 32-byte key (the configured key is 64 hex characters, or a passphrase). */
function keyOf(secretKey: string): Buffer {
  return /^[0-9a-f]{64}$/i.test(secretKey)
    ? Buffer.from(secretKey, 'hex')
    : createHash('sha256').update(secretKey).digest();
}

export function sealSecret(secretKey: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretKey), iv);
  const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), encrypted.toString('base64url')].join(
    '.',
  );
}

/** Throws when the value was not sealed with this key or was altered. */
export function openSecret(secretKey: string, sealed: string): string {
  const [version, iv, tag, encrypted] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || encrypted === undefined) throw new Error('secret mal formé');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secretKey), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
