import pino from 'pino';
import { Jobs } from '../lib/jobs.js';
import type { Database } from './types.js';

/**
 * What a new database needs before a server uses it: the migrations, and the job queue's schema, queues and
 * schedules. The tests' snapshot and the embedded database's template (pglite-template.ts) are made by it.
 */
export async function prepareSchema(database: Database): Promise<void> {
  await database.migrate();
  const jobs = new Jobs({
    sql: database,
    transport: { deliver: async () => {}, close: () => {} },
    log: pino({ level: 'silent' }),
    maintenance: async () => {},
  });
  await jobs.start();
  await jobs.stop();
}
