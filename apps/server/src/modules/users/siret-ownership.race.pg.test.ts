import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { STRONG_PASSWORD, uniqueEmail, uniqueSiret } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';

/*
 * Sign-ups that race for one SIRET with different addresses: each passes the check before any commits, so
 * the unique index decides, and the loser hears why (409 siret_taken), never a 500.
 * PostgreSQL only (vitest.config.ts): PGlite runs one transaction at a time, where no race can happen.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const register = (siret: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/register',
    body: { email: uniqueEmail('course'), password: STRONG_PASSWORD, nom: 'Durand', prenom: 'Élodie', siret },
  });

describe('simultaneous sign-ups with one SIRET', () => {
  it('creates one account; the others are told the SIRET is taken', async () => {
    const siret = uniqueSiret();
    const results = await Promise.all([1, 2, 3, 4].map(() => register(siret)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const refused of results.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ errorType: 'siret_taken' });
    }
    const { rows } = await t.database.executeSql(
      'select count(*)::int as count from users where siret = $1 and deleted_at is null',
      [siret],
    );
    expect(rows).toEqual([{ count: 1 }]);
  });

  it('answers 409 when the index, not the check, finds the SIRET taken', async () => {
    const target = inject('testDatabase');
    if (target.kind !== 'postgres') throw new Error('PostgreSQL only');
    const siret = uniqueSiret();
    // Another sign-up with this SIRET, inserted but not yet committed: the check cannot see it.
    const other = new pg.Client({ connectionString: target.url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(`INSERT INTO users (email, role, siret) VALUES ($1, 'professionnel', $2)`, [
        uniqueEmail('premier'),
        siret,
      ]);
      const registering = register(siret);
      // Its insert waits on the index entry of the uncommitted row...
      await vi.waitFor(
        async () => {
          const { rows } = await other.query<{ waiting: number }>(
            `SELECT count(*)::int AS waiting FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          expect(rows[0]?.waiting).toBe(1);
        },
        { timeout: 10_000, interval: 20 },
      );
      // ...which, once committed, refuses it.
      await other.query('COMMIT');
      const refused = await registering;
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({ errorType: 'siret_taken' });
    } finally {
      await other.end();
    }
  });
});
