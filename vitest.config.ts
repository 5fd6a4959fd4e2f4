import { configDefaults, defineConfig } from 'vitest/config';

/**
 * `*.pg.test.ts` prove something only on a server that runs transactions side by side (races on numbering,
 * quotas and unique addresses) or need a PostgreSQL server of their own (they kill its connections): PGlite
 * runs one transaction at a time, so only api-postgres runs them.
 * `*.once.test.ts` files start the built server in the work tree (dist/), which two projects at once would race
 * on: api-pglite only.
 */
const serverProject = (name: string, testDb: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: './apps/server',
    include: ['src/**/*.test.ts'],
    exclude: [
      ...configDefaults.exclude,
      testDb === 'postgres' ? 'src/**/*.once.test.ts' : 'src/**/*.pg.test.ts',
    ],
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
