import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { BUNDLES, isStale } from '../../../../scripts/bundles.mjs';
import { REPO_ROOT } from './paths.js';

/**
 * The bench measures the built app, as `npm start` runs it: when a bundle is missing or older than its
 * sources it says so and runs `npm run build` in the foreground (its output shown), never silently.
 */
export function ensureBuilt(): void {
  const stale = BUNDLES.filter(isStale);
  if (stale.length === 0) return;
  const which = stale.map((b) => path.relative(REPO_ROOT, path.dirname(b.output))).join(' et ');
  console.log(`${which} absent ou plus ancien que les sources : npm run build (une à deux minutes)…`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build a échoué (code ${result.status})`);
}
