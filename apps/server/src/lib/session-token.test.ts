import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { SessionTokens } from './session-token.js';

const SECRET = 'un-secret-de-test-assez-long-pour-hs256-0123456789';
const tokens = new SessionTokens(SECRET);
const at = (iso: string) => new Date(iso);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A token as the server signed them with jose before fast-jwt: it must still open a session. */
async function signedByJose(claims: Record<string, unknown>, secret = SECRET): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret));
}

describe('session tokens', () => {
  const userId = randomUUID();
  const issued = at('2026-11-25T10:00:00.000Z');

  it('opens what it signed, with the same claims', async () => {
    const token = await tokens.sign({ userId, tokenVersion: 3 }, issued);
    expect(await tokens.verify(token, at('2026-11-26T10:00:00.000Z'))).toEqual({ userId, tokenVersion: 3 });
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
    expect(payload).toEqual({
      ver: 3,
      sub: userId,
      iat: seconds(issued),
      exp: seconds(issued) + 7 * 24 * 3600,
    });
  });

  it('opens a token signed earlier with jose (tokens already issued stay valid)', async () => {
    const token = await signedByJose({
      sub: userId,
      ver: 0,
      iat: seconds(issued),
      exp: seconds(issued) + 3600,
    });
    expect(await tokens.verify(token, issued)).toEqual({ userId, tokenVersion: 0 });
  });

  it('ends a session at its expiry, measured by the given clock', async () => {
    const token = await tokens.sign({ userId, tokenVersion: 0 }, issued);
    const expiry = new Date(issued.getTime() + 7 * 24 * 3600 * 1000);
    expect(await tokens.verify(token, new Date(expiry.getTime() - 1000))).not.toBeNull();
    expect(await tokens.verify(token, expiry)).toBeNull();
    expect(await tokens.verify(token, new Date(expiry.getTime() + 500))).toBeNull();
  });

  it('refuses a token that is not yet valid (nbf)', async () => {
    const claims = { sub: userId, ver: 0, iat: seconds(issued), exp: seconds(issued) + 3600 };
    const later = await signedByJose({ ...claims, nbf: seconds(issued) + 60 });
    expect(await tokens.verify(later, issued)).toBeNull();
    expect(await tokens.verify(later, new Date(issued.getTime() + 60_000))).not.toBeNull();
  });

  it.each([
    ['another secret', async () => signedByJose({ sub: userId, ver: 0, iat: 1, exp: 9e9 }, `${SECRET}!`)],
    [
      'another algorithm',
      async () =>
        new SignJWT({ sub: userId, ver: 0, iat: 1, exp: 9e9 })
          .setProtectedHeader({ alg: 'HS512' })
          .sign(new TextEncoder().encode(SECRET)),
    ],
    [
      'no signature (alg none)',
      async () =>
        `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
          JSON.stringify({ sub: userId, ver: 0, iat: 1, exp: 9e9 }),
        ).toString('base64url')}.`,
    ],
    ['a changed payload', async () => tamper(await tokens.sign({ userId, tokenVersion: 0 }, issued))],
    ['an expiry that is not a number', async () => signedByJose({ sub: userId, ver: 0, iat: 1, exp: '9e9' })],
    [
      'an issue date that is not a number',
      async () => signedByJose({ sub: userId, ver: 0, iat: '1', exp: 9e9 }),
    ],
    [
      'a version that is not a safe integer',
      async () => signedByJose({ sub: userId, ver: 0.5, iat: 1, exp: 9e9 }),
    ],
    ['not a token at all', async () => 'abc.def'],
  ])('refuses %s', async (_case, make) => {
    expect(await tokens.verify(await make(), issued)).toBeNull();
  });
});

/** The same token with `ver` raised, its signature unchanged. */
function tamper(token: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  const changed = Buffer.from(JSON.stringify({ ...claims, ver: claims.ver + 1 })).toString('base64url');
  return `${header}.${changed}.${signature}`;
}
