import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Jobs, REMINDER_QUEUE } from '../../lib/jobs.js';
import { startTestApp, type TestApp } from '../../test/harness.js';

/** The queue as main.ts starts it: with the sweep, a schedule every quarter of an hour, Paris time. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('the reminder schedule', () => {
  it('is set when the queue is given the sweep', async () => {
    const jobs = new Jobs({
      sql: t.database,
      transport: { deliver: async () => {}, close: () => {} },
      log: t.app.log,
      maintenance: async () => {},
      reminderSweep: async () => {},
      options: { schema: t.jobsSchema },
    });
    await jobs.start();
    try {
      const result = await t.database.db.execute(
        sql`select cron, timezone from ${sql.identifier(t.jobsSchema)}.schedule where name = ${REMINDER_QUEUE}`,
      );
      expect((result as unknown as { rows: unknown[] }).rows).toEqual([
        { cron: '*/15 * * * *', timezone: 'Europe/Paris' },
      ]);
    } finally {
      await jobs.stop();
    }
  });
});
