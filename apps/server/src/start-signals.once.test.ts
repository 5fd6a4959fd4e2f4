import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCK_FILE } from './db/data-dir-lock.js';
import { isAlive } from './db/process-identity.js';
import {
  healthStatus,
  REPO_ROOT,
  type RunningProcess,
  SERVER_DIR,
  serverEnv,
  spawnProcess,
  spawnServer,
  until,
  waitUntilHealthy,
} from './test/server-process.js';
import { freePort } from './test/smtp-server.js';

/**
 * `npm start` and `node scripts/start.mjs`, as real process trees: a stop signal must reach the
 * server, every process must go, the exit code must say how it ended, and the data directory's lock
 * must be free for the next start. The first start may build what is stale, hence the long waits.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'facturo-start-'));
const BUILD_TIMEOUT_MS = 600_000;

/** The PIDs of every descendant of `pid`, read from /proc. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // Gone since the listing.
    }
  }
  const found: number[] = [];
  const visit = (p: number) => {
    for (const child of children.get(p) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}

async function start(command: 'npm' | 'node'): Promise<{ run: RunningProcess; url: string }> {
  const port = await freePort();
  const env = serverEnv({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  const run =
    command === 'npm'
      ? spawnProcess('npm', ['start'], env, REPO_ROOT)
      : spawnProcess(process.execPath, ['scripts/start.mjs'], env, REPO_ROOT);
  return { run, url: `http://127.0.0.1:${port}` };
}

async function stopsCleanly(command: 'npm' | 'node', signal: NodeJS.Signals): Promise<void> {
  const { run, url } = await start(command);
  try {
    await waitUntilHealthy(run, url, BUILD_TIMEOUT_MS);
    const tree = descendants(run.child.pid ?? 0);
    // npm, its shell (replaced by `exec`), start.mjs and the server.
    expect(tree.length).toBeGreaterThan(0);
    run.child.kill(signal);
    expect(await run.exited).toEqual({ code: 0, signal: null });
    await until('tous les processus arrêtés', () => (tree.every((pid) => !isAlive(pid)) ? true : undefined));
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    expect(run.output()).toContain('Arrêt terminé');
  } finally {
    run.child.kill('SIGKILL');
  }
}

describe('stopping `npm start`', () => {
  it(
    'SIGTERM to npm stops the server, which releases the data directory',
    async () => {
      await stopsCleanly('npm', 'SIGTERM');
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    'SIGINT to npm does the same (Ctrl+C)',
    async () => {
      await stopsCleanly('npm', 'SIGINT');
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    'SIGTERM to `node scripts/start.mjs` does the same',
    async () => {
      await stopsCleanly('node', 'SIGTERM');
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    'a signal during the build stops the build and never starts the server',
    async () => {
      // The server's bundle now looks older than its sources: start.mjs rebuilds it first.
      const entry = path.join(SERVER_DIR, 'src', 'main.ts');
      const bundle = path.join(SERVER_DIR, 'dist', 'main.js');
      // The work tree is put back as it was afterwards: the browser tests run this same bundle.
      const entryStat = statSync(entry);
      const bundleStat = statSync(bundle);
      const now = new Date();
      utimesSync(entry, now, now);
      utimesSync(bundle, new Date(0), new Date(0));
      const { run, url } = await start('node');
      try {
        // After the web app's build, should that be stale too.
        await until(
          'la construction commence',
          () => (run.output().includes('Construction de @facturo/server') ? true : undefined),
          BUILD_TIMEOUT_MS,
        );
        const tree = descendants(run.child.pid ?? 0);
        run.child.kill('SIGTERM');
        expect(await run.exited).toEqual({ code: 128 + 15, signal: null });
        await until('tous les processus arrêtés', () =>
          tree.every((pid) => !isAlive(pid)) ? true : undefined,
        );
        expect(await fetch(`${url}/api/health`).catch(() => undefined)).toBeUndefined();
        expect(run.output()).not.toContain('Facturo est prêt');
      } finally {
        run.child.kill('SIGKILL');
        utimesSync(entry, entryStat.atime, entryStat.mtime);
        if (statSync(bundle).mtimeMs === 0) utimesSync(bundle, bundleStat.atime, bundleStat.mtime);
      }
    },
    BUILD_TIMEOUT_MS,
  );
});

describe('stopping the server itself', () => {
  it('exits with 0 once closed, and a second signal forces it out while a request holds the graceful stop', async () => {
    const port = await freePort();
    const server = spawnServer(serverEnv({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' }));
    const url = `http://127.0.0.1:${port}`;
    let socket: Socket | undefined;
    try {
      await waitUntilHealthy(server, url);
      // A request whose body never completes: the graceful stop waits for it.
      const open = connect(port, '127.0.0.1');
      socket = open;
      await new Promise((resolve) => open.once('connect', resolve));
      await new Promise((resolve) =>
        open.write(
          'POST /api/contact HTTP/1.1\r\nHost: facturo\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"nom":',
          resolve,
        ),
      );
      // Sent after it, answered after the server has read it.
      expect(await healthStatus(url)).toBe(200);
      server.child.kill('SIGTERM');
      await until('l’arrêt commence', () => (server.output().includes('Arrêt en cours') ? true : undefined));
      expect(server.exitedWith()).toBeUndefined();
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 128 + 15, signal: null });
      expect(server.output()).toContain('Arrêt forcé');
    } finally {
      socket?.destroy();
      server.child.kill('SIGKILL');
    }

    const again = spawnServer(serverEnv({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' }));
    try {
      await waitUntilHealthy(again, url);
      again.child.kill('SIGTERM');
      expect(await again.exited).toEqual({ code: 0, signal: null });
      expect(again.output()).toContain('Arrêt terminé');
    } finally {
      again.child.kill('SIGKILL');
    }
  }, 300_000);
});
