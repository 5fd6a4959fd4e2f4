// `npm test`: typecheck, lint, unit and API tests (PGlite, plus PostgreSQL when TEST_DATABASE_URL
// is set — required in CI), build, then the browser tests. Ends with one "N passed, N failed" line for
// the whole run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium, INSTALL_COMMAND } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.tmp', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function ensureChromium() {
  if (findChromium()) return true;
  if (process.getuid?.() === 0) {
    console.log('Chromium est introuvable : installation par apt…');
    run('apt-get update', 'apt-get', ['update', '-qq']);
    run('apt-get install chromium', 'apt-get', ['install', '-y', '-qq', 'chromium'], {
      DEBIAN_FRONTEND: 'noninteractive',
    });
    if (findChromium()) return true;
  }
  console.error(
    `\nChromium est introuvable : les tests navigateur ne peuvent pas tourner.\nInstallez-le avec :\n  ${INSTALL_COMMAND}\n(ou indiquez son chemin dans CHROMIUM_PATH)`,
  );
  return false;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The races (numbering, quotas, sign-ups) and the PostgreSQL failures are only tested on a real server
 * (`*.pg.test.ts`, vitest.config.ts): CI must have one, a local run says what it leaves out.
 */
function checkPostgres() {
  if (process.env.TEST_DATABASE_URL) return true;
  if (process.env.CI && !['0', 'false'].includes(process.env.CI)) {
    console.error(
      'TEST_DATABASE_URL est requis en CI : sans PostgreSQL, les tests de courses et de pannes ne tournent pas.\n' +
        'Indiquez un serveur, par exemple TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres (voir .ci/run).',
    );
    return false;
  }
  console.log('Sans TEST_DATABASE_URL : les tests sur PostgreSQL (courses, pannes) ne tournent pas.');
  return true;
}

const failures = [];
if (!checkPostgres()) process.exit(1);
if (!ensureChromium()) process.exit(1);
if (!run('Vérification des types', 'npm', ['run', 'typecheck', '--silent'])) failures.push('typecheck');
if (!run('Lint et format (Biome)', 'npx', ['biome', 'ci', '.'])) failures.push('lint');

// The build comes before the tests: the process tests (*.once.test.ts) start the built server, and the
// browser tests drive it.
const built = run('Construction', 'npm', ['run', 'build', '--silent']);
if (!built) failures.push('build');

const vitestReport = path.join(reports, 'vitest.json');
if (
  !run('Tests unitaires et API', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ])
)
  failures.push('vitest');

let e2eReport;
if (built) {
  e2eReport = path.join(reports, 'e2e.json');
  if (
    !run(
      'Tests navigateur (Playwright + Chromium)',
      'npx',
      ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
      {
        PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
      },
    )
  )
    failures.push('e2e');
}

const unit = readJson(vitestReport);
const e2e = e2eReport ? readJson(e2eReport) : undefined;
const passed = (unit?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
const failed = (unit?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0);
const skipped = (unit?.numPendingTests ?? 0) + (unit?.numTodoTests ?? 0) + (e2e?.stats?.skipped ?? 0);
console.log(`\nÉtapes en échec : ${failures.length ? failures.join(', ') : 'aucune'}`);
console.log(
  `${passed} passed, ${failed + (failures.length && !failed ? 1 : 0)} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
process.exit(failures.length ? 1 : 0);
