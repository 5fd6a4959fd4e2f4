import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_DIR, serverEnv, spawnProcess, waitUntilHealthy } from '../test/server-process.js';
import { freePort } from '../test/smtp-server.js';
import { isAtNewestMigration } from './migrate-if-behind.js';
import { migrationsFolder } from './migrations-folder.js';
import { pgliteDatabase } from './pglite.js';
import { PGLITE_TEMPLATE_FILE } from './pglite-template.js';

const TEMPLATE_MESSAGE = 'Base embarquée créée à partir du modèle migré';
const dataDir = mkdtempSync(path.join(tmpdir(), 'facturo-template-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The built server (dist/main.js) in embedded mode on `dataDir`, until healthy; then stopped, its output kept. */
async function startAndStop(): Promise<string> {
  const port = await freePort();
  const run = spawnProcess(
    process.execPath,
    ['dist/main.js'],
    serverEnv({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' }),
  );
  try {
    await waitUntilHealthy(run, `http://127.0.0.1:${port}`);
  } finally {
    run.child.kill('SIGTERM');
  }
  expect(await run.exited).toEqual({ code: 0, signal: null });
  return run.output();
}

describe('the embedded database’s migrated template', () => {
  it('is written by the build beside dist/main.js', () => {
    expect(existsSync(path.join(SERVER_DIR, 'dist', PGLITE_TEMPLATE_FILE))).toBe(true);
  });

  it('makes a new data directory, which then opens as it is', async () => {
    const first = await startAndStop();
    expect(first).toContain(TEMPLATE_MESSAGE);

    // What the template held is what the migrations and the job queue would have made.
    const client = new PGlite(path.join(dataDir, 'db'));
    const database = pgliteDatabase(client);
    try {
      expect(await isAtNewestMigration(database, migrationsFolder())).toBe(true);
      const queues = await client.query<{ n: number }>('select count(*)::int as n from pgboss.queue');
      expect(queues.rows[0]?.n).toBeGreaterThan(0);
    } finally {
      await database.close();
    }

    const second = await startAndStop();
    expect(second).not.toContain(TEMPLATE_MESSAGE);
  }, 240_000);
});
