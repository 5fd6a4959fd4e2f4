import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths.js';

/** Newest modification time under the given files or folders (node_modules and dist excluded). */
function newest(paths: string[]): number {
  let latest = 0;
  const visit = (p: string) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p))
        if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(p, entry));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach(visit);
  return latest;
}

const at = (...parts: string[]) => path.join(REPO_ROOT, ...parts);
const shared = at('packages', 'shared', 'src');
/** Each bundle, and what it is built from (the same lists as scripts/start.mjs). */
const BUNDLES = [
  {
    output: at('apps', 'web', 'dist', 'index.html'),
    sources: [
      at('apps', 'web', 'src'),
      at('apps', 'web', 'index.html'),
      at('apps', 'web', 'public'),
      at('apps', 'web', 'scripts'),
      at('apps', 'web', 'vite.config.ts'),
      shared,
    ],
  },
  {
    output: at('apps', 'server', 'dist', 'main.js'),
    sources: [at('apps', 'server', 'src'), at('apps', 'server', 'build.mjs'), shared],
  },
];

/**
 * The bench measures the built app, as `npm start` runs it: when a bundle is missing or older than its
 * sources it says so and runs `npm run build` in the foreground (its output shown), never silently.
 */
export function ensureBuilt(): void {
  const stale = BUNDLES.filter(
    (b) => !existsSync(b.output) || statSync(b.output).mtimeMs <= newest(b.sources),
  );
  if (stale.length === 0) return;
  const which = stale.map((b) => path.relative(REPO_ROOT, path.dirname(b.output))).join(' et ');
  console.log(`${which} absent ou plus ancien que les sources : npm run build (une à deux minutes)…`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build a échoué (code ${result.status})`);
}
