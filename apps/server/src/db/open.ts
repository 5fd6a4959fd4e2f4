import path from 'node:path';
import type { Config } from '../config.js';
import { lockDataDir } from './data-dir-lock.js';
import { type ConnectionLog, postgresDatabase } from './postgres.js';
import type { Database } from './types.js';

/**
 * PostgreSQL when DATABASE_URL is set (migrated through DATABASE_MIGRATION_URL when that is set too),
 * otherwise the embedded PGlite in DATA_DIR/db.
 */
export async function openDatabase(config: Config, log: ConnectionLog): Promise<Database> {
  if (config.databaseUrl) {
    return postgresDatabase(config.databaseUrl, {
      maxConnections: config.databasePool.size,
      connectionTimeoutMs: config.databasePool.timeoutMs,
      log,
      migrationUrl: config.databaseMigrationUrl,
    });
  }
  const unlock = lockDataDir(config.dataDir);
  try {
    // PGlite's driver and WASM only in embedded mode: a PostgreSQL replica never loads them.
    const { openPglite, pgliteDatabase } = await import('./pglite.js');
    const client = await openPglite(path.join(config.dataDir, 'db'));
    return pgliteDatabase(client, unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}
