// `npm start`: builds what is missing or stale, then runs the server in the foreground.
// SIGINT and SIGTERM are passed on to whatever runs (a build, then the server), and this process exits
// as its child did: with its code, or 128 + the signal's number when a signal ended it. package.json
// runs this script with `exec`, so that npm's own forwarding reaches it rather than a shell that
// would die of the signal and leave the server running, holding its data directory's lock.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLES, isStale } from './bundles.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

/**
 * The child now running, in a process group of its own: a build is npm, a shell and its tools, all
 * of which must stop; and a terminal's Ctrl+C reaches only us (and npm, which passes it on too), so
 * the server hears it once, from us. A second stop request forces the server out (see main.ts).
 */
let current;
let stopSignal;
let lastForwarded = 0;
/** npm passes on the signal the terminal already sent us: the same request, arriving twice. */
const SAME_REQUEST_MS = 1_000;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopSignal ??= signal;
    if (!current) process.exit(128 + constants.signals[signal]);
    if (Date.now() - lastForwarded < SAME_REQUEST_MS) return;
    lastForwarded = Date.now();
    try {
      process.kill(-current.pid, signal);
    } catch {
      // Already gone: its exit is on its way.
    }
  });
}

/** Runs a child in the foreground; resolves with the exit code this script should end with. */
function run(command, args) {
  return new Promise((resolve) => {
    current = spawn(command, args, { cwd: root, stdio: 'inherit', detached: true });
    current.once('error', (error) => {
      console.error(error.message);
      resolve(1);
    });
    current.once('exit', (code, signal) => {
      current = undefined;
      resolve(code ?? 128 + (constants.signals[signal] ?? 0));
    });
  });
}

async function buildIfStale(bundle) {
  if (!isStale(bundle)) return;
  console.log(`Construction de ${bundle.workspace}…`);
  const code = await run('npm', ['run', 'build', '-w', bundle.workspace]);
  // Stopped during the build: the server is not started, whatever the build's own exit code.
  if (stopSignal) process.exit(code === 0 ? 128 + constants.signals[stopSignal] : code);
  if (code !== 0) process.exit(code);
}

for (const bundle of BUNDLES) await buildIfStale(bundle);

// No --enable-source-maps (issue 16): Node would parse the bundle's 6.6 MB source map at start, +36 MiB
// and +80 ms per replica. The bundle keeps its names (only whitespace and comments are minified), so a
// stack trace still names its functions; NODE_OPTIONS=--enable-source-maps maps them to the TypeScript
// sources when debugging (README).
process.exit(await run(process.execPath, [at('apps', 'server', 'dist', 'main.js')]));
