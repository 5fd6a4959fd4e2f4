import { frenchVatNumber, type User, VAT_NUMBER_REQUIRED_MESSAGE } from '@facturo/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { signedInUser, uniqueSiret } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';

/*
 * The VAT rules read two fields that two requests may change at once: each request checks the profile as it
 * will be, on the row it has locked. PostgreSQL only (vitest.config.ts): PGlite runs one transaction at a
 * time, where no race can happen.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

/**
 * Holds the user's row while both requests start, so that they really meet: each is let go only once both
 * wait on that row. Without the lock of applyProfileChanges both would have read the profile before the
 * other's change, and both would pass.
 */
async function together<T>(userId: string, requests: () => Promise<T>): Promise<T> {
  const target = inject('testDatabase');
  if (target.kind !== 'postgres') throw new Error('PostgreSQL only');
  const holder = new pg.Client({ connectionString: target.url });
  await holder.connect();
  try {
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const running = requests();
    await vi.waitFor(
      async () => {
        const { rows } = await holder.query<{ waiting: number }>(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        expect(rows[0]?.waiting).toBe(2);
      },
      { timeout: 10_000, interval: 20 },
    );
    await holder.query('COMMIT');
    return await running;
  } finally {
    await holder.end();
  }
}

describe('the VAT profile under concurrent changes', () => {
  for (const removedThrough of ['/api/users/me', '/api/mentions-legales']) {
    it(`never ends charging VAT without a VAT number (number removed through ${removedThrough})`, async () => {
      const { token, user } = await signedInUser(t, { siret: uniqueSiret('552100554') });
      const vatNumber = frenchVatNumber('552100554');
      const saved = await t.request({
        method: 'PUT',
        url: '/api/users/me',
        token,
        body: { tvaIntracommunautaire: vatNumber },
      });
      expect(saved.statusCode).toBe(200);
      const [reel, removed] = await together(user._id, () =>
        Promise.all([
          t.request({ method: 'PUT', url: '/api/users/me', token, body: { regimeTva: 'reel' } }),
          t.request({ method: 'PUT', url: removedThrough, token, body: { tvaIntracommunautaire: '' } }),
        ]),
      );
      // Whichever came second saw the other's change and was refused; the profile holds.
      expect([reel.statusCode, removed.statusCode].sort()).toEqual([200, 400]);
      expect([reel, removed].find((r) => r.statusCode === 400)?.json().message).toBe(
        VAT_NUMBER_REQUIRED_MESSAGE,
      );
      const me = (await t.request({ method: 'GET', url: '/api/users/me', token })).json<User>();
      if (me.regimeTva === 'reel') expect(me.tvaIntracommunautaire).toBe(vatNumber);
      else expect(me.tvaIntracommunautaire).toBe('');
    });
  }
});
