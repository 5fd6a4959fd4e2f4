import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from './migrations-folder.js';
import * as schema from './schema.js';
import type { Database, Db } from './types.js';

/** Wraps an open PGlite instance (on disk in production-less mode, in memory for tests). */
export function pgliteDatabase(client: PGlite, onClose: () => void = () => {}): Database {
  const db = drizzle({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    notifications: { kind: 'pglite', listen: (channel, onPayload) => client.listen(channel, onPayload) },
    poolStats: () => null,
    async executeSql(text, values) {
      // Parameterless text may hold several statements (pg-boss sends its schema that way),
      // which only the simple-query path accepts; its last result is the one callers read.
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      }
      const result = await client.query<Record<string, unknown>>(text, values);
      return { rows: result.rows };
    },
    async migrate() {
      await migrate(drizzle({ client, schema }), { migrationsFolder: migrationsFolder() });
    },
    underStartLock: (work) => work(),
    async close() {
      await client.close();
      onClose();
    },
  };
}

export async function openPglite(dataDir: string | undefined): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  return client;
}
