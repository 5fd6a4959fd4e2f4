import type { AdminSubscription, AdminUserDetails } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../lib/clock.js';
import { createUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { signedInAdmin } from './admin-test-helpers.js';

/*
 * Admin actions at the same time on one account (two admins, or a double click): each locks the user, so
 * every change applies on top of the one before and is audited with what it really found.
 * PostgreSQL only (vitest.config.ts): PGlite runs one transaction at a time, where no race can happen.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  ({ token: admin } = await signedInAdmin(t));
});
afterAll(async () => t?.close());

describe('admin actions under concurrent requests', () => {
  it('five simultaneous 7-day extensions add 35 days, with five audit entries in order', async () => {
    const end = new Date(Date.now() + DAY_MS);
    const user = await createUser(t, { plan: 'essai', trialEndsAt: end });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.request({
          method: 'PUT',
          url: `/api/admin/extend-trial/${user.id}`,
          token: admin,
          body: { jours: 7 },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const view = (
      await t.request({ method: 'GET', url: `/api/admin/users/${user.id}/subscription`, token: admin })
    ).json<AdminSubscription>();
    expect(Date.parse(view.dateFinEssai ?? '')).toBe(end.getTime() + 35 * DAY_MS);
    const { audit } = (
      await t.request({ method: 'GET', url: `/api/admin/users/${user.id}/details`, token: admin })
    ).json<AdminUserDetails>();
    expect(audit).toHaveLength(5);
    // Each entry starts where the one before ended: no two saw the same trial end.
    const befores = audit.map((a) => a.before?.trialEndsAt).sort();
    expect(new Set(befores).size).toBe(5);
  });

  it('two simultaneous grants of the same plan: one applies, the other is told it is already so', async () => {
    const user = await createUser(t, { plan: 'gratuit' });
    const answers = await Promise.all(
      [1, 2].map(() =>
        t.request({
          method: 'PUT',
          url: `/api/admin/users/${user.id}/plan`,
          token: admin,
          body: { plan: 'premium' },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });
});
