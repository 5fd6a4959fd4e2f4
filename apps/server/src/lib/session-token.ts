import { errors, jwtVerify, SignJWT } from 'jose';
import { isUuid } from './ids.js';

/** A session lasts a week; a password change, a ban or a deletion ends it sooner (token version). */
const SESSION_SECONDS = 7 * 24 * 3600;

export interface SessionClaims {
  userId: string;
  tokenVersion: number;
}

export class SessionTokens {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: SessionClaims, now: Date): Promise<string> {
    // Both instants from our clock: a relative "7d" would count from the system time instead.
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({ ver: claims.tokenVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + SESSION_SECONDS)
      .sign(this.key);
  }

  /** Null for anything that is not a valid, unexpired token of ours. */
  async verify(token: string, now: Date): Promise<SessionClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: now,
        // A token without an expiry would never end; every token we sign has all three.
        requiredClaims: ['exp', 'sub', 'iat'],
      });
      // The subject goes to a uuid column: anything else must be a 401 here, not a 500 in PostgreSQL.
      if (typeof payload.sub !== 'string' || !isUuid(payload.sub)) return null;
      if (typeof payload.ver !== 'number' || !Number.isSafeInteger(payload.ver)) return null;
      return { userId: payload.sub, tokenVersion: payload.ver };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}
