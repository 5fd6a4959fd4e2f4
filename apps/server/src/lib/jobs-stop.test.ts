import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database, SqlExecutor } from '../db/types.js';
import { dropQueueSchema, queueSchemaFor } from '../test/queue-schema.js';
import { waitFor } from '../test/smtp-server.js';
import { openTestDatabase } from '../test/test-database.js';
import { Jobs, PLATFORM_SYNC_QUEUE } from './jobs.js';
import { outboxTransport } from './mail/transports.js';

/**
 * A job whose handler outlives the stop's timeout: pg-boss hands it back to the queue and the stop
 * returns while the handler runs on. When it ends, pg-boss writes its outcome without awaiting it; on a
 * schema dropped since (the tests' close) or a pool closed (a replica's), that write used to reject
 * with nobody to catch it.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase(inject('testDatabase'));
});
afterAll(async () => database.close());

/** A promise and its resolution, for a handler that waits on the test and tells it where it is. */
function signal(): { reached: Promise<void>; reach: () => void } {
  let reach = () => {};
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  return { reached, reach };
}

describe('a queue stopped while a handler runs past its timeout', () => {
  it('hands the job back, and sends nothing of the handler’s late outcome', async () => {
    const schema = queueSchemaFor(database);
    const started = signal();
    const released = signal();
    // What reaches the database from the queue once its stop has returned.
    let stopped = false;
    const sentAfterStop: string[] = [];
    const sql: SqlExecutor = {
      executeSql: (text, values) => {
        if (stopped) sentAfterStop.push(text);
        return database.executeSql(text, values);
      },
    };
    const warnings: { msg: string; values?: unknown }[] = [];
    const log = pino(
      { level: 'warn' },
      { write: (line: string) => warnings.push(JSON.parse(line) as { msg: string; values?: unknown }) },
    );
    const jobs = new Jobs({
      sql,
      transport: outboxTransport(tmpdir(), 'Facturo <no-reply@facturo.test>', log),
      log,
      maintenance: async () => {},
      platformSync: async () => {
        started.reach();
        await released.reached;
      },
      options: { schema, pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, stopTimeoutSeconds: 1 },
    });
    try {
      await jobs.start();
      await jobs.schedulePlatformSync({ userId: randomUUID() });
      await started.reached;

      await jobs.stop();
      stopped = true;
      // Handed back by the stop (pg-boss's failWip): it runs again, here or on another replica.
      const { rows } = await database.executeSql(
        `SELECT id, state, output FROM ${schema}.job WHERE name = $1`,
        [PLATFORM_SYNC_QUEUE],
      );
      expect(rows).toEqual([
        { id: expect.any(String), state: 'retry', output: { value: 'pg-boss shut down while active' } },
      ]);

      // The tests' close drops the queue's schema; then the handler ends and pg-boss writes its outcome.
      await dropQueueSchema(database, schema);
      released.reach();
      await waitFor(() => (warnings.length > 0 || sentAfterStop.length > 0 ? true : undefined));
      expect(sentAfterStop).toEqual([]);
      // The late write was the job's completion, held back and said.
      expect(warnings).toEqual([
        {
          ...warnings[0],
          msg: 'File de tâches arrêtée : pg-boss écrit encore, rien n’est envoyé',
          values: [PLATFORM_SYNC_QUEUE, [rows[0]?.id]],
        },
      ]);
    } finally {
      released.reach();
      await jobs.stop();
      await dropQueueSchema(database, schema);
    }
  });
});
