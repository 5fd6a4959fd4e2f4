import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../db/migrations-folder.js';

/**
 * A copy of the migrations folder whose journal stops at `tag`, to build a database as it was before a
 * migration and prove what that migration does to rows already there. The caller removes `dir`.
 */
export function migrationsUpTo(tag: string): { dir: string; previous: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'facturo-migrations-'));
  const previous = path.join(dir, 'previous');
  cpSync(migrationsFolder(), previous, { recursive: true });
  const journalPath = path.join(previous, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { tag: string; idx: number }[];
  };
  const last = journal.entries.findIndex((e) => e.tag === tag);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return { dir, previous };
}

/**
 * A PGlite database migrated up to `tag` (included): the rows a test writes there are what an older
 * deployment holds; `migrateToLatest` then runs every later migration on them. `close` ends it all.
 */
export async function databaseBefore(tag: string): Promise<{
  client: PGlite;
  migrateToLatest(): Promise<void>;
  close(): Promise<void>;
}> {
  const { dir, previous } = migrationsUpTo(tag);
  const client = new PGlite();
  await client.waitReady;
  await migrate(drizzle({ client }), { migrationsFolder: previous });
  return {
    client,
    migrateToLatest: () => migrate(drizzle({ client }), { migrationsFolder: migrationsFolder() }),
    close: async () => {
      await client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
