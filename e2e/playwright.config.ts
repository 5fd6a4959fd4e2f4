import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, findChromium } from '../scripts/chromium.mjs';
import { E2E_ADMIN_EMAIL, E2E_DATA_DIR, E2E_PORT } from './support/env.js';

const root = path.resolve(import.meta.dirname, '..');
const baseURL = `http://127.0.0.1:${E2E_PORT}`;

/** The built app on a fresh data directory, driven by the system Chromium (DESIGN §8). */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(root, '.tmp', process.env.E2E_PORT ? `e2e-results-${E2E_PORT}` : 'e2e-results'),
  fullyParallel: true,
  // Two workers on the 2-core reference machine: measured faster than one (10.4 against 14.7 minutes with
  // stress-ng taking both cores on top of other work) and as stable (README, Tests). E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: true,
  // Sized for a busy 2-core machine, where a journey runs several times slower than on an idle one (the
  // slowest plain journey took 56 s under stress-ng: hence 90 s, a slow() one 96 s of its 270 s). A real
  // hang still fails fast: every step waits at most the expect timeout, and no wait is on the app's timers
  // (the journeys move the page's clock). Long journeys call test.slow() (three times this).
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: findChromium(),
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: {
    command: 'npx tsx e2e/support/serve.ts',
    cwd: root,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // Migrations, the seeded accounts (argon2) and the bundle's start, on a loaded machine.
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      APP_URL: baseURL,
      ADMIN_EMAIL: E2E_ADMIN_EMAIL,
      LOG_LEVEL: 'warn',
      // All browser traffic comes from 127.0.0.1; the limits themselves are covered by the API tests.
      RATE_LIMIT_SCALE: '20',
    },
  },
});
