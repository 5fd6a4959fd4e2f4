import { createHmac, randomBytes } from 'node:crypto';
import { parse, serialize } from 'cookie';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { isUuid } from './ids.js';

/**
 * OWASP's device cookie (authentication cheat sheet, « Blocking brute force attacks »): a browser
 * that once signed in to an account keeps a signed cookie naming it, and its sign-ins to that account
 * are throttled on their own, apart from the account's other devices. Strangers guessing the account's
 * password from elsewhere cannot then lock its owner out of the devices they already use.
 */
export const DEVICE_COOKIE = 'facturo_device';
/** Sent with sign-ins only: no other route has any use for it. */
const COOKIE_PATH = '/api/auth/login';
/** Long-lived: a device stays known for a year after its last sign-in. */
const DEVICE_SECONDS = 365 * 24 * 3600;

export interface KnownDevice {
  userId: string;
  /** This cookie's own id, the key of its failures. */
  deviceId: string;
}

/**
 * The cookie's value is an HS256 token (fast-jwt, as the sessions) under a key derived from the session
 * secret for this use alone: a device cookie never opens a session, nor a session token a device.
 */
export class DeviceCookies {
  private readonly signer: (payload: Record<string, unknown>) => string;
  private readonly verifier: (token: string) => unknown;

  constructor(
    sessionSecret: string,
    /** Secure when the app is served over https (APP_URL); a plain-http cookie would never come back. */
    private readonly secure: boolean,
  ) {
    const key = createHmac('sha256', sessionSecret).update('facturo device cookie').digest('hex');
    this.signer = createSigner({ key, algorithm: 'HS256' });
    this.verifier = createVerifier({
      key,
      algorithms: ['HS256'],
      requiredClaims: ['sub', 'jti', 'exp'],
      // Checked below against the injected clock, as the sessions do.
      ignoreExpiration: true,
      ignoreNotBefore: true,
    });
  }

  /** The Set-Cookie header of a fresh cookie for the account that just signed in on this device. */
  issue(userId: string, now: Date): string {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const token = this.signer({
      sub: userId,
      jti: randomBytes(16).toString('base64url'),
      iat: issuedAt,
      exp: issuedAt + DEVICE_SECONDS,
    });
    return serialize(DEVICE_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.secure,
      path: COOKIE_PATH,
      maxAge: DEVICE_SECONDS,
    });
  }

  /** The device a request's Cookie header proves, or null (none, tampered, expired, malformed). */
  read(cookieHeader: string | undefined, now: Date): KnownDevice | null {
    if (!cookieHeader) return null;
    const token = parse(cookieHeader)[DEVICE_COOKIE];
    if (!token) return null;
    let payload: unknown;
    try {
      payload = this.verifier(token);
    } catch (error) {
      if (error instanceof TokenError) return null;
      throw error;
    }
    if (typeof payload !== 'object' || payload === null) return null;
    const { sub, jti, exp } = payload as Record<string, unknown>;
    if (typeof exp !== 'number' || exp <= Math.floor(now.getTime() / 1000)) return null;
    if (typeof sub !== 'string' || !isUuid(sub)) return null;
    if (typeof jti !== 'string' || jti.length === 0 || jti.length > 64) return null;
    return { userId: sub, deviceId: jti };
  }
}
