import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

describe('lockDataDir', () => {
  it('refuses a directory held by a live process, and frees it on release', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'facturo-lock-'));
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(path.join(dir, 'facturo.lock'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/déjà utilisé par un autre serveur Facturo/);
    } finally {
      other.kill();
    }
    await new Promise((resolve) => other.once('exit', resolve));
    // The owner is gone: its stale lock is taken over.
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'facturo.lock'), 'utf8')).toBe(String(process.pid));
    release();
    const again = lockDataDir(dir);
    again();
  });
});
