import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_NOTICE_QUEUE } from '../../lib/jobs.js';
import { signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { openSupport, readMessages, sharedInvoice } from './messaging-test-helpers.js';

/*
 * Double clicks and two tabs: opening a conversation at the same time creates one (the unique partial
 * indexes and ON CONFLICT), and a burst sent at once schedules one unread e-mail. PostgreSQL only
 * (vitest.config.ts): PGlite runs one transaction at a time, where no race can happen.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const rows = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

describe('conversations opened at the same time', () => {
  it('eight simultaneous create-support calls answer one conversation', async () => {
    const { token, user } = await signedInUser(t);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.request({ method: 'POST', url: '/api/conversations/create-support', token }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.json()._id)).size).toBe(1);
    const count = await t.database.db.execute(
      sql`select count(*)::int as n from conversations where kind = 'support' and user_id = ${user._id}`,
    );
    expect(rows(count)[0]?.n).toBe(1);
  });

  it('both parties opening an invoice’s conversation at once get the same one', async () => {
    const { issuer, recipient, invoice } = await sharedInvoice(t);
    const answers = await Promise.all(
      [issuer, recipient, issuer, recipient, issuer, recipient].map(({ token }) =>
        t.request({ method: 'POST', url: `/api/factures/${invoice._id}/conversation`, token }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.json()._id)).size).toBe(1);
  });

  it('a burst sent at once from two tabs schedules one unread e-mail, and keeps every message', async () => {
    const { token } = await signedInUser(t);
    const { _id: id } = await openSupport(t, token);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.request({
          method: 'POST',
          url: `/api/conversations/${id}/messages`,
          token,
          body: { contenu: `n°${i}` },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    const ids = answers.map((a) => a.json()._id as string);
    const schema = sql.identifier(t.jobsSchema);
    const notices = await t.database.db.execute(sql`
      select count(*)::int as n from ${schema}.job where name = ${MESSAGE_NOTICE_QUEUE}
        and data->>'messageId' in (${sql.join(
          ids.map((m) => sql`${m}`),
          sql`, `,
        )})`);
    expect(rows(notices)[0]?.n).toBe(1);
    expect(await readMessages(t, token, id)).toHaveLength(6);
  });
});
