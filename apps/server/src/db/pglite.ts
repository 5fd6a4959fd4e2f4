import { mkdirSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from './migrations-folder.js';
import { findPgliteTemplate, isNewDataDir } from './pglite-template.js';
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

/**
 * The embedded database in `dataDir` (in memory without one). A new data directory starts from the build's
 * migrated template when there is one (pglite-template.ts): `onTemplate` is told which; an existing one
 * opens as it is, and the start's migrations bring it up to date.
 */
export async function openPglite(
  dataDir: string | undefined,
  onTemplate: (file: string) => void = () => {},
): Promise<PGlite> {
  if (!dataDir) {
    const client = new PGlite();
    await client.waitReady;
    return client;
  }
  mkdirSync(dataDir, { recursive: true });
  const template = isNewDataDir(dataDir) ? findPgliteTemplate() : undefined;
  const client = template
    ? new PGlite(dataDir, { loadDataDir: new Blob([readFileSync(template)]) })
    : new PGlite(dataDir);
  await client.waitReady;
  if (template) onTemplate(template);
  return client;
}
