import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@facturo/shared';
import { type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateUser } from '../modules/users/users.repo.js';
import { signedInUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

/** A token signed with the server's real secret, holding exactly the claims given. */
async function forged(claims: JWTPayload): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(t.config.jwtSecret));
}

const now = () => Math.floor(Date.now() / 1000);

describe('session tokens signed with the real secret but not as ours', () => {
  it('accepts a complete token (the forging above is faithful)', async () => {
    const { user } = await signedInUser(t);
    const token = await forged({ sub: user._id, ver: 0, iat: now(), exp: now() + 3600 });
    const res = await t.request({ method: 'GET', url: '/api/users/me', token });
    expect(res.statusCode).toBe(200);
    expect(res.json()._id).toBe(user._id);
  });

  it.each([
    ['a subject that is not a UUID', { sub: 'pas-un-uuid', ver: 0, iat: now(), exp: now() + 3600 }],
    ['a subject with U+0000', { sub: 'a\u0000b', ver: 0, iat: now(), exp: now() + 3600 }],
    ['no expiry', { ver: 0, iat: now() }],
    ['no issue date', { ver: 0, exp: now() + 3600 }],
    ['no subject', { ver: 0, iat: now(), exp: now() + 3600, noSub: true }],
    ['a version that is not a number', { ver: '0', iat: now(), exp: now() + 3600 }],
  ])('answers 401 to %s', async (_case, claims) => {
    const { user } = await signedInUser(t);
    const { noSub, ...rest } = claims as JWTPayload & { noSub?: boolean };
    const token = await forged(noSub || 'sub' in rest ? rest : { sub: user._id, ...rest });
    for (const url of ['/api/users/me', '/api/clients', '/api/factures']) {
      const res = await t.request({ method: 'GET', url, token });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(401);
      expect(res.json()).toEqual({ errorType: 'unauthorized', message: MESSAGES.unauthorized });
    }
  });

  it('answers 401 to a well-formed token of an unknown user', async () => {
    const token = await forged({ sub: randomUUID(), ver: 0, iat: now(), exp: now() + 3600 });
    const res = await t.request({ method: 'GET', url: '/api/users/me', token });
    expect(res.statusCode).toBe(401);
    expect(res.json().errorType).toBe('unauthorized');
  });
});

describe('a suspended account with a page still open', () => {
  it('answers 403 account_banned, with or without the token version the ban bumped', async () => {
    const { user, token } = await signedInUser(t);
    await updateUser(t.database.db, user._id, { isBanned: true });
    const stale = await forged({ sub: user._id, ver: 0, iat: now(), exp: now() + 3600 });
    await updateUser(t.database.db, user._id, { tokenVersion: 1 });
    for (const bearer of [token, stale]) {
      const res = await t.request({ method: 'GET', url: '/api/factures', token: bearer });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ errorType: 'account_banned', message: MESSAGES.banned });
    }
  });
});
