import type { TrialStats } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../lib/clock.js';
import { createUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { signedInAdmin } from './admin-test-helpers.js';

/*
 * GET /admin/trial-stats with exact figures: a database of this file's own (privateDatabase), so that
 * no other file's trials are counted, and a clock at 10:00 in Paris, so that « today » is certain.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp({}, { privateDatabase: true });
  ({ token: admin } = await signedInAdmin(t));
});
afterAll(async () => t?.close());

const HOUR_MS = 3_600_000;

describe('GET /admin/trial-stats', () => {
  it('counts every trial exactly; lists the 5 soonest of those ending within 3 days', async () => {
    t.clock.set(new Date('2026-03-10T09:00:00Z'));
    const now = t.clock.now().getTime();
    const trial = (prenom: string, inMs: number) =>
      createUser(t, { prenom, nom: 'Essai', plan: 'essai', trialEndsAt: new Date(now + inMs) });
    const today = await trial('Ambre', 2 * HOUR_MS);
    const tomorrow = await trial('Basile', DAY_MS + HOUR_MS);
    const twoDays = await trial('Céleste', 2 * DAY_MS);
    const almostThree = await trial('Firmin', 2 * DAY_MS + 2 * HOUR_MS);
    const justUnderThree = await trial('Eugénie', 3 * DAY_MS - 60_000);
    // Within 3 days too, but the sixth: left out of the list (at most 5), still counted.
    await trial('Damien', 3 * DAY_MS);
    // Beyond 3 days: running, not listed.
    await trial('Gaspard', 3 * DAY_MS + 60_000);
    // Ended trials: one still on essai, one that paid (a conversion), one given Premium by an admin (none).
    await trial('Hugo', -DAY_MS);
    await createUser(t, { plan: 'premium', trialEndsAt: new Date(now - 5 * DAY_MS) });
    await createUser(t, {
      plan: 'premium',
      planGrantedByAdmin: true,
      trialEndsAt: new Date(now - 5 * DAY_MS),
    });
    // Never on a trial: not counted.
    await createUser(t, { plan: 'gratuit', trialEndsAt: null });

    const res = await t.request({ method: 'GET', url: '/api/admin/trial-stats', token: admin });
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json<TrialStats>();
    expect(stats).toEqual({
      totalEssais: 10,
      essaisActifs: 7,
      essaisExpires: 3,
      expiresAujourdhui: 1,
      // 1 paid of the 10 accounts given a trial.
      tauxConversion: 10,
      expirentBientot: [
        { _id: today.id, nom: 'Ambre Essai', email: today.email, joursRestants: 1 },
        { _id: tomorrow.id, nom: 'Basile Essai', email: tomorrow.email, joursRestants: 2 },
        { _id: twoDays.id, nom: 'Céleste Essai', email: twoDays.email, joursRestants: 2 },
        { _id: almostThree.id, nom: 'Firmin Essai', email: almostThree.email, joursRestants: 3 },
        { _id: justUnderThree.id, nom: 'Eugénie Essai', email: justUnderThree.email, joursRestants: 3 },
      ],
    });
  });
});
