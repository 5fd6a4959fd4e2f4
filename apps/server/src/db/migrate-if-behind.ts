import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SqlExecutor } from './types.js';

/** The newest migration of the folder: drizzle-kit notes each one's creation time in the journal. */
export function newestMigrationMillis(migrationsFolder: string): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/**
 * Whether drizzle's migrator would find nothing to apply, in one query: it applies every migration of
 * the folder newer than the newest row of drizzle.__drizzle_migrations, so none is left when that row
 * is at least as new as the folder's newest. Most starts find the database so, and then skip the
 * migrator's lock, its reading and hashing of every file and its four statements. Any doubt (no such
 * table yet: a new database; or an error, which the migrator will then report) answers no.
 */
export async function isAtNewestMigration(sql: SqlExecutor, migrationsFolder: string): Promise<boolean> {
  let newest: unknown;
  try {
    const { rows } = await sql.executeSql(
      'SELECT max(created_at) AS newest FROM drizzle.__drizzle_migrations',
    );
    newest = rows[0]?.newest;
  } catch {
    return false;
  }
  // created_at is a bigint: pg gives it as a string, and null when the table is empty.
  return newest !== null && newest !== undefined && Number(newest) >= newestMigrationMillis(migrationsFolder);
}
