import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../lib/clock.js';
import { createUser, STRONG_PASSWORD, uniqueEmail, uniqueSiret } from '../../test/factories.js';
import { startReplicas, startTestApp, type TestApp } from '../../test/harness.js';
import { readOutbox } from '../../test/outbox.js';
import { issueEmailToken } from './email-tokens.repo.js';

/*
 * Sign-ups that race for one address: the unique index decides, and the losers hear why (409), never a 500.
 * PostgreSQL only (vitest.config.ts): PGlite runs one transaction at a time, where no race can happen.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('simultaneous sign-ups', () => {
  it('creates one account when the same address signs up five times at once, whatever its case', async () => {
    const email = uniqueEmail('course');
    const results = await Promise.all(
      [email, email, email.toUpperCase(), email, email.toUpperCase()].map((address) =>
        t.request({
          method: 'POST',
          url: '/api/auth/register',
          body: {
            email: address,
            password: STRONG_PASSWORD,
            nom: 'Durand',
            prenom: 'Élodie',
            siret: uniqueSiret(),
          },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const refused of results.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ errorType: 'email_already_used' });
    }
    // One account, so one confirmation e-mail.
    await expect
      .poll(async () => (await readOutbox(t.outboxDir)).filter((m) => m.to === email).length)
      .toBe(1);
    const status = await t.request({ method: 'GET', url: `/api/auth/email-status?email=${email}` });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ email, emailVerified: false });
  });
});

describe('the sign-in unlock link', () => {
  it('clicked twice at once on two replicas, works once', async () => {
    const [a, b] = await startReplicas();
    try {
      const { id } = await createUser(a);
      const token = await issueEmailToken(a.database.db, id, 'unlock_login', new Date(), HOUR_MS);
      const clicks = await Promise.all(
        [a, b].map((replica) =>
          replica.request({ method: 'POST', url: '/api/auth/unlock-login', body: { token } }),
        ),
      );
      expect(clicks.map((res) => res.statusCode).sort()).toEqual([200, 400]);
      expect(clicks.find((res) => res.statusCode === 400)?.json().errorType).toBe('invalid_token');
    } finally {
      await a.close();
      await b.close();
    }
  });
});
