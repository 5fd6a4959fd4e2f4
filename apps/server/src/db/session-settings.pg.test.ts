import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresDatabase } from './postgres.js';
import { rowsOf } from './raw-rows.js';
import type { Database } from './types.js';

/*
 * PostgreSQL's JIT compiled the plans of one issuer's aggregates for longer than they ran, and parallel
 * workers made a large table's plans slower than its small table's (db/postgres.ts): every connection of
 * the application's pool runs with both off. pg-boss has no pool of its own (it runs its
 * SQL through the Database's executeSql, lib/jobs.ts), so this pool is every application query's.
 */

const serverUrl = (): string => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL est requis pour ces tests');
  return url;
};

const opened: Database[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close()));
});

function open(url: string): Database {
  const database = postgresDatabase(url, { maxConnections: 4 });
  opened.push(database);
  return database;
}

/** JIT and the parallel workers per query on `count` connections at once: each holds its own while the others ask. */
async function settingsOnEveryConnection(database: Database, count: number): Promise<string[]> {
  const answers = await Promise.all(
    Array.from({ length: count }, () =>
      database.executeSql(
        `select current_setting('jit') || ' ' || current_setting('max_parallel_workers_per_gather') as settings,
           pg_backend_pid() as pid, pg_sleep(0.05)`,
      ),
    ),
  );
  expect(new Set(answers.map((answer) => answer.rows[0]?.pid)).size).toBe(count);
  return answers.map((answer) => String(answer.rows[0]?.settings));
}

describe('the application connections to PostgreSQL', () => {
  it('run with JIT and parallel workers off, through the raw SQL (pg-boss) and through drizzle', async () => {
    const database = open(serverUrl());
    expect(await settingsOnEveryConnection(database, 4)).toEqual(['off 0', 'off 0', 'off 0', 'off 0']);
    const shown = rowsOf(await database.db.execute(sql`show jit`));
    expect(shown[0]?.jit).toBe('off');
    const workers = rowsOf(await database.db.execute(sql`show max_parallel_workers_per_gather`));
    expect(workers[0]?.max_parallel_workers_per_gather).toBe('0');
  });

  it('keep the options written in DATABASE_URL beside it', async () => {
    const url = new URL(serverUrl());
    url.searchParams.set('options', '-c statement_timeout=12345');
    const database = open(url.toString());
    const { rows } = await database.executeSql(
      `select current_setting('jit') as jit, current_setting('max_parallel_workers_per_gather') as workers,
         current_setting('statement_timeout') as timeout`,
    );
    expect(rows[0]).toEqual({ jit: 'off', workers: '0', timeout: '12345ms' });
  });
});
