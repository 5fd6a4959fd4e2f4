import { MESSAGES } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { EMAIL_STATUS_NEEDS_EMAIL } from './auth.routes.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('GET /auth/email-status as SPEC §7 names it', () => {
  it('answers for the signed-in user without a query', async () => {
    const { token, user } = await signedInUser(t);
    const res = await t.request({ method: 'GET', url: '/api/auth/email-status', token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: user.email, emailVerified: true });
  });

  it('still answers for a given address, signed in or not', async () => {
    const unverified = await createUser(t, { emailVerifiedAt: null });
    const { token } = await signedInUser(t);
    for (const withToken of [undefined, token]) {
      const res = await t.request({
        method: 'GET',
        url: `/api/auth/email-status?email=${encodeURIComponent(unverified.email)}`,
        token: withToken,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ email: unverified.email, emailVerified: false });
    }
  });

  it('says what is missing with neither a query nor a session', async () => {
    const res = await t.request({ method: 'GET', url: '/api/auth/email-status' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errorType: 'validation_error', message: EMAIL_STATUS_NEEDS_EMAIL });
  });

  it('answers 401 to a bad token without a query', async () => {
    const res = await t.request({ method: 'GET', url: '/api/auth/email-status', token: 'pas-un-jeton' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errorType: 'unauthorized', message: MESSAGES.unauthorized });
  });
});
