import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverEnv, spawnServer, waitUntilHealthy } from '../test/server-process.js';
import { freePort } from '../test/smtp-server.js';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock.js';
import { processIdentity } from './process-identity.js';

const LOCKED = /déjà utilisé par un autre serveur Facturo/;

function freshDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'facturo-lock-'));
}

/** A live process that has nothing to do with Facturo, as a reused PID would be. */
async function unrelatedProcess(): Promise<ChildProcess & { pid: number }> {
  const child = spawn('sleep', ['600']);
  await new Promise((resolve) => child.once('spawn', resolve));
  if (child.pid === undefined) throw new Error('sleep n’a pas démarré');
  return child as ChildProcess & { pid: number };
}

async function end(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

function writeLock(dir: string, owner: unknown): void {
  writeFileSync(path.join(dir, LOCK_FILE), typeof owner === 'string' ? owner : JSON.stringify(owner));
}

describe('lockDataDir', () => {
  it('refuses a directory held by a live owner, takes it over once the owner is gone, frees it on release', async () => {
    const dir = freshDir();
    const owner = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600000)']);
    await new Promise((resolve) => owner.once('spawn', resolve));
    const pid = owner.pid ?? 0;
    try {
      writeLock(dir, { pid, ...processIdentity(pid) });
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(LOCKED);
    } finally {
      await end(owner);
    }
    // The owner is gone: its stale lock is taken over, and the file now names this process.
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toEqual({
      pid: process.pid,
      ...processIdentity(process.pid),
    });
    release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    lockDataDir(dir)();
  });

  it('takes over a lock whose PID now belongs to another process (reused after a restart)', async () => {
    const stranger = await unrelatedProcess();
    try {
      const identity = processIdentity(stranger.pid);
      if (!identity) throw new Error('/proc est requis pour ce test (Linux)');
      // Same PID, started at another time: written by a Facturo that ran before this process existed.
      const sameBoot = freshDir();
      writeLock(sameBoot, { pid: stranger.pid, bootId: identity.bootId, startTime: '1' });
      lockDataDir(sameBoot)();
      // Same PID and start time, but in an earlier boot of the machine.
      const earlierBoot = freshDir();
      writeLock(earlierBoot, {
        pid: stranger.pid,
        bootId: 'une-autre-session',
        startTime: identity.startTime,
      });
      lockDataDir(earlierBoot)();
    } finally {
      await end(stranger);
    }
  });

  it('keeps trusting a live PID when the lock says nothing more (written by an earlier version)', async () => {
    const stranger = await unrelatedProcess();
    try {
      const dir = freshDir();
      writeLock(dir, String(stranger.pid));
      expect(() => lockDataDir(dir)).toThrow(LOCKED);
    } finally {
      await end(stranger);
    }
  });
});

describe('two servers on one DATA_DIR', () => {
  it('the second refuses to start; after the first stops, a lock naming an unrelated process does not block', async () => {
    const dataDir = freshDir();
    const start = async () => {
      const port = await freePort();
      return {
        server: spawnServer(serverEnv({ PORT: String(port), DATA_DIR: dataDir })),
        url: `http://127.0.0.1:${port}`,
      };
    };
    const first = await start();
    const stranger = await unrelatedProcess();
    try {
      await waitUntilHealthy(first.server, first.url);

      const second = await start();
      expect(await second.server.exited).toEqual({ code: 1, signal: null });
      expect(second.server.output()).toMatch(LOCKED);

      first.server.child.kill('SIGTERM');
      expect(await first.server.exited).toEqual({ code: 0, signal: null });
      expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

      // As a crash before a container restart leaves it: the PID is now someone else's.
      writeLock(dataDir, { ...processIdentity(stranger.pid), pid: stranger.pid, startTime: '1' });
      const third = await start();
      try {
        await waitUntilHealthy(third.server, third.url);
        third.server.child.kill('SIGTERM');
        expect(await third.server.exited).toEqual({ code: 0, signal: null });
      } finally {
        third.server.child.kill('SIGKILL');
      }
    } finally {
      first.server.child.kill('SIGKILL');
      await end(stranger);
    }
  }, 300_000);
});
