import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './smtp-server.js';

/** apps/server, where `src/main.ts` and `dist/main.js` live. */
export const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
/** The repository's root, where `npm start` runs. */
export const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A real process (the server, or `npm start` around it), its output kept for assertions. */
export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<Exit>;
  /** Whether it has exited yet. */
  exitedWith(): Exit | undefined;
}

/** Everything a server needs that tests do not vary; `extra` adds or overrides. */
export function serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    JWT_SECRET: randomBytes(32).toString('hex'),
    // Every request of a test comes from one address.
    RATE_LIMIT_SCALE: '1000',
    ...extra,
  };
}

/** Spawns `command` with its output captured (stdout and stderr together, in order of arrival). */
export function spawnProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd = SERVER_DIR,
): RunningProcess {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  let exit: Exit | undefined;
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve(exit);
    }),
  );
  return { child, output: () => output, exited, exitedWith: () => exit };
}

/** The server from its TypeScript sources, as `npm run dev` runs it (without the watcher). */
export function spawnServer(env: NodeJS.ProcessEnv): RunningProcess {
  return spawnProcess(process.execPath, ['--import', 'tsx', 'src/main.ts'], env);
}

/** Polls `check` until it returns a value other than undefined; fails with `what` after `timeoutMs`. */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Délai dépassé : ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The status of GET /api/health, or undefined when nothing answers on that port. */
export async function healthStatus(baseUrl: string, timeoutMs = 20_000): Promise<number | undefined> {
  try {
    const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return undefined;
  }
}

/** Waits until the process answers 200 on /api/health; fails at once, with its output, if it exits. */
export async function waitUntilHealthy(
  server: RunningProcess,
  baseUrl: string,
  timeoutMs = 120_000,
): Promise<void> {
  await until(
    `${baseUrl}/api/health répond 200`,
    async () => {
      const exit = server.exitedWith();
      if (exit) throw new Error(`Le serveur s’est arrêté (${JSON.stringify(exit)}) :\n${server.output()}`);
      return (await healthStatus(baseUrl, 5_000)) === 200 ? true : undefined;
    },
    timeoutMs,
  );
}

/** A server process listening on a free port, healthy, with its data directory. */
export interface StartedServer {
  process: RunningProcess;
  baseUrl: string;
  dataDir: string;
}

/**
 * Starts the server from its sources on `databaseUrl` (a replica when several share it) and waits until it
 * answers 200 on /api/health; killed at once if it never does.
 */
export async function startServerOn(
  databaseUrl: string,
  extraEnv: Record<string, string> = {},
  healthyWithinMs = 120_000,
): Promise<StartedServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'facturo-server-'));
  const proc = spawnServer(
    serverEnv({ PORT: String(port), DATABASE_URL: databaseUrl, DATA_DIR: dataDir, ...extraEnv }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilHealthy(proc, baseUrl, healthyWithinMs);
  } catch (error) {
    proc.child.kill('SIGKILL');
    throw error;
  }
  return { process: proc, baseUrl, dataDir };
}
