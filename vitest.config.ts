import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Tests that prove something only on a server that runs transactions side by side — races on numbering,
 * quotas and unique addresses, failures of the server — are named `*.pg.test.ts`: PGlite runs one
 * transaction at a time, so there they would pass whatever the code does. Only api-postgres runs them.
 */
const POSTGRES_ONLY = 'src/**/*.pg.test.ts';

const serverProject = (name: string, testDb: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: './apps/server',
    include: ['src/**/*.test.ts'],
    exclude: testDb === 'pglite' ? [...configDefaults.exclude, POSTGRES_ONLY] : configDefaults.exclude,
    globalSetup: ['./src/test/global-setup.ts'],
    // Outgoing network is refused (DESIGN §8): a connection off this machine fails the test.
    setupFiles: ['./src/test/no-network.ts'],
    env: { TEST_DB: testDb },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * Unit and API tests; the API suite runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set
 * (scripts/test.mjs requires it in CI).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: './packages/shared', include: ['src/**/*.test.ts'] } },
      { test: { name: 'web', root: './apps/web', include: ['src/**/*.test.ts'] } },
      serverProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('api-postgres', 'postgres')] : []),
    ],
  },
});
