import path from 'node:path';
import type { Config } from '../config.js';
import { lockDataDir } from './data-dir-lock.js';
import { type ConnectionLog, postgresDatabase } from './postgres.js';
import type { Database } from './types.js';

/**
 * PostgreSQL when DATABASE_URL is set (migrated through DATABASE_MIGRATION_URL when that is set too),
 * otherwise the embedded PGlite in DATA_DIR/db.
 */
/** The connections' warnings, and the start's account of how the embedded database was made. */
export interface DatabaseLog extends ConnectionLog {
  info(details: Record<string, unknown>, message: string): void;
}

export async function openDatabase(config: Config, log: DatabaseLog): Promise<Database> {
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
    const client = await openPglite(path.join(config.dataDir, 'db'), (template) =>
      log.info({ template }, 'Base embarquée créée à partir du modèle migré'),
    );
    return pgliteDatabase(client, unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}
