// The app's two bundles and what each is built from, and whether one is older than its sources: shared by
// `npm start` (scripts/start.mjs builds what is stale before starting) and `npm run bench` (which measures
// the built app). No side effects: importing it builds nothing.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);
const shared = at('packages', 'shared', 'src');

/** Web first: the server's build does not read it, but `npm start` serves it. */
export const BUNDLES = [
  {
    workspace: '@facturo/web',
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
    workspace: '@facturo/server',
    output: at('apps', 'server', 'dist', 'main.js'),
    sources: [at('apps', 'server', 'src'), at('apps', 'server', 'build.mjs'), shared],
  },
];

/** Newest modification time under the given files or folders (node_modules and dist excluded). */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
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

/** The bundle is missing, or a source changed since it was built. */
export function isStale(bundle) {
  return !existsSync(bundle.output) || statSync(bundle.output).mtimeMs <= newest(bundle.sources);
}
