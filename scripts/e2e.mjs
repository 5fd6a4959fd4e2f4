// `npm run test:e2e [-- playwright options]`: the browser part of `npm test` alone — build, then the
// journeys against the built app (e2e/playwright.config.ts). Stops with the install command when no
// Chromium is found, as `npm test` does.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium, INSTALL_COMMAND } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (!findChromium()) {
  console.error(
    `Chromium est introuvable. Installez-le avec :\n  ${INSTALL_COMMAND}\n(ou indiquez son chemin dans CHROMIUM_PATH)`,
  );
  process.exit(1);
}
const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
const built = run('npm', ['run', 'build', '--silent']);
if (built !== 0) process.exit(built);
process.exit(run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)]));
