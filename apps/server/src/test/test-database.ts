import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteDatabase } from '../db/pglite.js';
import { postgresDatabase } from '../db/postgres.js';
import { prepareSchema } from '../db/prepare-schema.js';
import type { Database } from '../db/types.js';

/** How the test files of one run reach their database (handed from global setup to the workers). */
export type TestDatabaseTarget = { kind: 'pglite'; snapshotFile: string } | { kind: 'postgres'; url: string };

/** A migrated PGlite, dumped to a file that every test file loads in a fraction of the migration time. */
export async function buildPgliteSnapshot(): Promise<TestDatabaseTarget> {
  const client = new PGlite();
  const database = pgliteDatabase(client);
  await prepareSchema(database);
  const dump = await client.dumpDataDir('none');
  const snapshotFile = path.join(await mkdtemp(path.join(tmpdir(), 'facturo-pglite-')), 'snapshot.tar');
  await writeFile(snapshotFile, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  return { kind: 'pglite', snapshotFile };
}

/** A database of this run's own on the server at TEST_DATABASE_URL, dropped at the end. */
export async function createPostgresTestDatabase(
  serverUrl: string,
): Promise<{ target: TestDatabaseTarget; drop: () => Promise<void> }> {
  const name = `facturo_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = postgresDatabase(url.toString(), { maxConnections: 4 });
  await prepareSchema(database);
  await database.close();
  return {
    target: { kind: 'postgres', url: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * A database for one test file alone, for calls that change every account (resetting everyone's quotas):
 * on PGlite each file already has its own copy; on PostgreSQL, where the run's files share one, a fresh
 * database of its own, dropped after.
 */
export async function privateTestDatabase(
  shared: TestDatabaseTarget,
): Promise<{ target: TestDatabaseTarget; drop: () => Promise<void> }> {
  if (shared.kind === 'pglite') return { target: shared, drop: async () => {} };
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL est requis pour les tests sur PostgreSQL');
  return createPostgresTestDatabase(serverUrl);
}

export async function openTestDatabase(target: TestDatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') return postgresDatabase(target.url, { maxConnections: 5 });
  const snapshot = await readFile(target.snapshotFile);
  const client = new PGlite({ loadDataDir: new Blob([snapshot]) });
  await client.waitReady;
  return pgliteDatabase(client);
}
