import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { isUuid } from './ids.js';

/** A session lasts a week; a password change, a ban or a deletion ends it sooner (token version). */
const SESSION_SECONDS = 7 * 24 * 3600;

export interface SessionClaims {
  userId: string;
  tokenVersion: number;
}

/**
 * HS256 session tokens (claims sub, ver, iat, exp). fast-jwt computes the HMAC synchronously with
 * node:crypto from a key prepared once, where WebCrypto imported the key and ran an asynchronous job
 * on every request (issue 16). The secret's UTF-8 bytes are the key, as before: tokens already issued
 * stay valid.
 */
export class SessionTokens {
  private readonly signer: (payload: Record<string, unknown>) => string;
  private readonly verifier: (token: string) => unknown;

  constructor(secret: string) {
    // The instants come from our clock, not fast-jwt's: sign() passes iat and exp, which it keeps.
    this.signer = createSigner({ key: secret, algorithm: 'HS256' });
    this.verifier = createVerifier({
      key: secret,
      algorithms: ['HS256'],
      // A token without an expiry would never end; every token we sign has all three.
      requiredClaims: ['exp', 'sub', 'iat'],
      // Checked below against the injected clock, which fast-jwt cannot take per call.
      ignoreExpiration: true,
      ignoreNotBefore: true,
    });
  }

  async sign(claims: SessionClaims, now: Date): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return this.signer({
      ver: claims.tokenVersion,
      sub: claims.userId,
      iat: issuedAt,
      exp: issuedAt + SESSION_SECONDS,
    });
  }

  /** Null for anything that is not a valid, unexpired token of ours. */
  async verify(token: string, now: Date): Promise<SessionClaims | null> {
    let payload: unknown;
    try {
      payload = this.verifier(token);
    } catch (error) {
      if (error instanceof TokenError) return null;
      throw error;
    }
    if (typeof payload !== 'object' || payload === null) return null;
    const { sub, ver, iat, exp, nbf } = payload as Record<string, unknown>;
    const seconds = Math.floor(now.getTime() / 1000);
    // As jose checked them: numeric instants, expired at exp itself, not valid before nbf if present.
    if (typeof iat !== 'number' || typeof exp !== 'number' || exp <= seconds) return null;
    if (nbf !== undefined && (typeof nbf !== 'number' || nbf > seconds)) return null;
    // The subject goes to a uuid column: anything else must be a 401 here, not a 500 in PostgreSQL.
    if (typeof sub !== 'string' || !isUuid(sub)) return null;
    if (typeof ver !== 'number' || !Number.isSafeInteger(ver)) return null;
    return { userId: sub, tokenVersion: ver };
  }
}
