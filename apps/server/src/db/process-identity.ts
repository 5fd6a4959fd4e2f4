import { readFileSync } from 'node:fs';

/**
 * What tells one process from another that later got the same PID (after a restart of the
 * container or of the machine, PIDs start again from 1): the boot it belongs to and its start time.
 * Linux only (from /proc); undefined elsewhere, or when the process does not exist.
 */
export interface ProcessIdentity {
  bootId: string;
  /** Clock ticks from boot to the process's start: field 22 of /proc/<pid>/stat. */
  startTime: string;
}

export function processIdentity(pid: number): ProcessIdentity | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 is the command name in parentheses, which may itself hold spaces and parentheses:
    // count fields from the last ')'. What follows starts at field 3, so field 22 is the 20th.
    const startTime = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .at(22 - 3);
    const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return startTime && bootId ? { bootId, startTime } : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a process with this PID exists (EPERM: it does, it is someone else's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
