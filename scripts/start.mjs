// `npm start`: builds what is missing or stale, then runs the server in the foreground.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

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

function buildIfStale(name, output, sources) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  if (built > newest(sources)) return;
  console.log(`Construction de ${name}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', name], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = at('packages', 'shared', 'src');
buildIfStale('@facturo/web', at('apps', 'web', 'dist', 'index.html'), [
  at('apps', 'web', 'src'),
  at('apps', 'web', 'index.html'),
  at('apps', 'web', 'public'),
  at('apps', 'web', 'scripts'),
  at('apps', 'web', 'vite.config.ts'),
  shared,
]);
buildIfStale('@facturo/server', at('apps', 'server', 'dist', 'main.js'), [
  at('apps', 'server', 'src'),
  at('apps', 'server', 'build.mjs'),
  shared,
]);

const server = spawn(process.execPath, ['--enable-source-maps', at('apps', 'server', 'dist', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
