import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { call } from './http.js';
import { BENCH_DIR, REPO_ROOT } from './paths.js';

/** One secret for the whole run: a token signed in on one server is valid on the others (the capture's, the start's). */
const JWT_SECRET = randomBytes(32).toString('hex');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Running {
  base: string;
  pid: number;
  /** Spawn → first 200 of /api/health. */
  startMs: number;
  /** Resident memory now (Linux /proc), in bytes. */
  rss(): number;
  /** The last error the process logged (pino's level 50+: message and where), to explain a 500. */
  lastError(): string | undefined;
  stop(): Promise<void>;
}

/** The message and first stack frame of the last pino line of level error or fatal in `output`. */
function lastLoggedError(output: string): string | undefined {
  const lines = output.split('\n').filter((line) => /"level":(50|60)/.test(line));
  const last = lines.at(-1);
  if (!last) return undefined;
  try {
    const entry = JSON.parse(last) as { msg?: string; err?: { message?: string; stack?: string } };
    const frame = entry.err?.stack?.split('\n')[1]?.trim();
    return [entry.err?.message ?? entry.msg, frame].filter(Boolean).join(' ');
  } catch {
    return last.slice(0, 300);
  }
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = status.match(/^VmRSS:\s+(\d+) kB/m)?.[1];
  if (!kib) throw new Error(`VmRSS introuvable pour le processus ${pid}`);
  return Number(kib) * 1024;
}

/** Spawns `args` under node and polls /api/health every 5 ms until it answers 200 (60 s at most). */
async function spawnUntilHealthy(
  args: string[],
  env: NodeJS.ProcessEnv,
  port: number,
  cleanup: () => void,
): Promise<Running> {
  const base = `http://127.0.0.1:${port}`;
  const start = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Its logs (pino writes to stdout) and errors, the latest 20,000 characters.
  let stderr = '';
  const keep = (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      cleanup();
      resolve();
    }),
  );
  const stop = async () => {
    if (!exited) child.kill('SIGTERM');
    const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exit;
    clearTimeout(forced);
  };
  const deadline = start + 60_000;
  for (;;) {
    if (exited) throw new Error(`le processus s’est arrêté au démarrage : ${stderr.trim().slice(-300)}`);
    try {
      if ((await call(base, { path: '/api/health' })).status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (performance.now() > deadline) {
      await stop();
      throw new Error(`pas de réponse 200 sur /api/health en 60 s : ${stderr.trim().slice(-300)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const startMs = performance.now() - start;
  const pid = child.pid ?? 0;
  return { base, pid, startMs, rss: () => rssOf(pid), lastError: () => lastLoggedError(stderr), stop };
}

/**
 * The built server in PostgreSQL mode, as `npm start` runs it (node
 * apps/server/dist/main.js), on a fresh data directory; rate limits lifted (every request comes from
 * one address) and logs at warn.
 */
export async function startServer(databaseUrl: string, extra: Record<string, string> = {}): Promise<Running> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'facturo-bench-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    JWT_SECRET,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '100000',
    ...extra,
  };
  // BENCH_CPU_PROF=dir writes each server's CPU profile there when it stops (to see where a figure goes).
  const profileDir = process.env.BENCH_CPU_PROF;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  return spawnUntilHealthy(
    [...profile, path.join(REPO_ROOT, 'apps', 'server', 'dist', 'main.js')],
    env,
    port,
    () => rmSync(dataDir, { recursive: true, force: true }),
  );
}

/**
 * The built server in embedded mode (PGlite, no DATABASE_URL) on `dataDir`, as `npm start` runs it: a new
 * directory is made from the build's template, an existing one opened as it is. The directory is the caller's.
 */
export async function startEmbeddedServer(dataDir: string): Promise<Running> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET,
    LOG_LEVEL: 'warn',
  };
  return spawnUntilHealthy([path.join(REPO_ROOT, 'apps', 'server', 'dist', 'main.js')], env, port, () => {});
}

/** The reference of the start measure: Fastify answering /api/health and nothing else. */
export async function startHelloWorld(): Promise<Running> {
  const port = await freePort();
  return spawnUntilHealthy(
    [path.join(BENCH_DIR, 'hello-world.mjs')],
    { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(port) },
    port,
    () => {},
  );
}
