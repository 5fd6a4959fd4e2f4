import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isAlive, type ProcessIdentity, processIdentity } from './process-identity.js';

export class DataDirLockedError extends Error {}

export const LOCK_FILE = 'facturo.lock';

/** What the lock file holds: the owner's PID and, on Linux, what makes that PID this very process. */
interface LockOwner extends Partial<ProcessIdentity> {
  pid: number;
}

/**
 * PGlite is a single-process database: two servers on one data directory would corrupt it.
 * The lock file names its owner, so a lock left by a crashed process is recognised and taken over,
 * even when its PID now belongs to another process (PIDs are reused after a restart).
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, LOCK_FILE);
  const me = JSON.stringify({ pid: process.pid, ...processIdentity(process.pid) } satisfies LockOwner);
  try {
    writeFileSync(lockFile, me, { flag: 'wx' });
  } catch {
    const owner = readOwner(lockFile);
    if (owner && isHeldBy(owner)) {
      throw new DataDirLockedError(
        `Le dossier de données ${dataDir} est déjà utilisé par un autre serveur Facturo (processus ${owner.pid}). ` +
          'Arrêtez-le, ou choisissez un autre DATA_DIR.',
      );
    }
    writeFileSync(lockFile, me);
  }
  return () => rmSync(lockFile, { force: true });
}

/** The owner named in the file: JSON, or a bare PID as earlier versions wrote; undefined if unreadable. */
function readOwner(lockFile: string): LockOwner | undefined {
  const text = readFileSync(lockFile, 'utf8').trim();
  if (/^\d+$/.test(text)) return { pid: Number(text) };
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { pid, bootId, startTime } = parsed as Record<string, unknown>;
    if (typeof pid !== 'number' || !Number.isInteger(pid)) return undefined;
    return {
      pid,
      bootId: typeof bootId === 'string' ? bootId : undefined,
      startTime: typeof startTime === 'string' ? startTime : undefined,
    };
  } catch {
    return undefined;
  }
}

/** The lock holds only while the very process that wrote it is running. */
function isHeldBy(owner: LockOwner): boolean {
  // Our own PID in the file is a leftover of an earlier life of this PID (a container's PID 1).
  if (owner.pid === process.pid || !isAlive(owner.pid)) return false;
  const now = processIdentity(owner.pid);
  // Without an identity on either side (another OS, or a lock written by an earlier version) the
  // PID is all there is to go on: a live process is taken to be the owner, the safe side.
  if (!owner.bootId || !owner.startTime || !now) return true;
  return now.bootId === owner.bootId && now.startTime === owner.startTime;
}
