import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from './migrations-folder.js';
import * as schema from './schema.js';
import type { Database, Db } from './types.js';

/** Any fixed number works: it only has to be the same on every replica. */
const MIGRATION_LOCK_KEY = 4_242_001;

export function postgresDatabase(connectionString: string, maxConnections = 10): Database {
  const pool = new pg.Pool({ connectionString, max: maxConnections });
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    async executeSql(text, values) {
      const result = await pool.query(text, values);
      return { rows: result.rows };
    },
    async migrate() {
      // Replicas starting together must not apply the same migration twice.
      const lockHolder = await pool.connect();
      try {
        await lockHolder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrate(drizzle({ client: pool, schema }), { migrationsFolder: migrationsFolder() });
      } finally {
        await lockHolder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        lockHolder.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
