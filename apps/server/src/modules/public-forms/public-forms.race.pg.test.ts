import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitlistEntries } from '../../db/schema.js';
import { uniqueEmail } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';

/*
 * The waitlist's unique (email, feature) under concurrent requests.
 * PostgreSQL only (vitest.config.ts): PGlite runs one transaction at a time, where no race can happen.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('POST /api/waitlist, at once', () => {
  it('keeps one entry when the same address arrives three times at once', async () => {
    const email = uniqueEmail('simultane');
    const body = { email, fonctionnalite: 'depenses' };
    const answers = await Promise.all(
      [1, 2, 3].map(() => t.request({ method: 'POST', url: '/api/waitlist', body })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    const rows = await t.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, email));
    expect(rows).toHaveLength(1);
  });
});
