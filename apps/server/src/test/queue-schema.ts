import { randomBytes } from 'node:crypto';
import type { Database } from '../db/types.js';

/** Made with the run's database (test-database.ts), so an app that uses it starts at once. */
const READY_MADE_SCHEMA = 'pgboss';

/**
 * On PostgreSQL every test file shares the run's database, so each queue gets a schema of its own, or
 * one file's worker would deliver another file's e-mails. A PGlite database belongs to one test file
 * alone: its ready-made schema is already private, and costs nothing to start.
 */
export function queueSchemaFor(database: Database): string {
  if (database.kind === 'pglite') return READY_MADE_SCHEMA;
  return `pgboss_${randomBytes(6).toString('hex')}`;
}

/** Removes a schema made for one queue; the ready-made one stays for the rest of the run. */
export async function dropQueueSchema(database: Database, schema: string): Promise<void> {
  if (schema === READY_MADE_SCHEMA) return;
  await database.executeSql(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
}

/**
 * Makes the queue refuse every new job, as a full disk or a broken queue table would: the insertion
 * fails inside the caller's transaction. Returns the repair.
 */
export async function refuseNewJobs(database: Database, schema: string): Promise<() => Promise<void>> {
  await database.executeSql(`
    CREATE OR REPLACE FUNCTION ${schema}.refuse_job() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'file de messages indisponible'; END $$;
    CREATE TRIGGER refuse_job BEFORE INSERT ON ${schema}.job FOR EACH ROW EXECUTE FUNCTION ${schema}.refuse_job();
  `);
  return async () => {
    await database.executeSql(`DROP TRIGGER refuse_job ON ${schema}.job`);
  };
}
