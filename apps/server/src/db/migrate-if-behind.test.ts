import { describe, expect, it } from 'vitest';
import { isAtNewestMigration, newestMigrationMillis } from './migrate-if-behind.js';
import { migrationsFolder } from './migrations-folder.js';
import type { SqlExecutor } from './types.js';

const folder = migrationsFolder();
const newest = newestMigrationMillis(folder);

/** A database whose drizzle.__drizzle_migrations answers `newest`, or that has no such table. */
function database(answer: { newest: string | null } | 'no table'): SqlExecutor {
  return {
    async executeSql() {
      if (answer === 'no table') throw new Error('relation "drizzle.__drizzle_migrations" does not exist');
      return { rows: [answer] };
    },
  };
}

describe('isAtNewestMigration', () => {
  it('reads the newest migration of the journal', () => {
    expect(Number.isInteger(newest)).toBe(true);
    expect(newest).toBeGreaterThan(Date.UTC(2024, 0, 1));
  });

  it('says yes when the newest applied migration is the folder’s newest', async () => {
    expect(await isAtNewestMigration(database({ newest: String(newest) }), folder)).toBe(true);
  });

  it('says no when a migration of the folder is newer than the newest applied', async () => {
    expect(await isAtNewestMigration(database({ newest: String(newest - 1) }), folder)).toBe(false);
  });

  it('says no for a new database: no table, or an empty one', async () => {
    expect(await isAtNewestMigration(database('no table'), folder)).toBe(false);
    expect(await isAtNewestMigration(database({ newest: null }), folder)).toBe(false);
  });
});
