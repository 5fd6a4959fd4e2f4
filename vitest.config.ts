import { configDefaults, defineConfig } from 'vitest/config';

/**
 * `*.pg.test.ts` files need a PostgreSQL server of their own (they kill its connections): postgres only.
 * `*.once.test.ts` files run builds in the work tree (dist/), which two projects at once would race on: pglite only.
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
    env: { TEST_DB: testDb },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/** Unit and API tests; the API suite runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. */
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
