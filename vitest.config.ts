import { defineConfig } from 'vitest/config';

const serverProject = (name: string, testDb: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: './apps/server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    // Outgoing network is refused (DESIGN §8): a connection off this machine fails the test.
    setupFiles: ['./src/test/no-network.ts'],
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
