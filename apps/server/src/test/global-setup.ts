import type { TestProject } from 'vitest/node';
import { buildPgliteSnapshot, createPostgresTestDatabase, type TestDatabaseTarget } from './test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTarget;
  }
}

/**
 * Runs once per project: TEST_DB=postgres uses TEST_DATABASE_URL, anything else PGlite. TEST_DB is the
 * project's `env` (vitest.config.ts), which reaches the test workers but not this process: read it there.
 */
export default async function setup(project: TestProject) {
  if ((project.config.env?.TEST_DB ?? process.env.TEST_DB) === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('TEST_DATABASE_URL est requis pour les tests sur PostgreSQL');
    const { target, drop } = await createPostgresTestDatabase(serverUrl);
    project.provide('testDatabase', target);
    return drop;
  }
  project.provide('testDatabase', await buildPgliteSnapshot());
  return undefined;
}
