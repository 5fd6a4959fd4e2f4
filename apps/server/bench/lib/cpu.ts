import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type pg from 'pg';

/**
 * CPU time spent by processes, read from Linux's /proc: unlike a throughput, it hardly moves when other work
 * shares the machine (a busy core slows a request down, it does not make it cost more cycles).
 */

let ticksPerSecond: number | undefined;

/** The kernel's clock ticks per second, in which /proc/<pid>/stat counts (usually 100). */
function clockTicks(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  return ticksPerSecond;
}

/**
 * User plus system CPU of one process (all its threads: the server's PDF workers count too), in ms; 0 for a
 * process gone meanwhile (a PostgreSQL backend may end between the listing and the reading).
 */
export function processCpuMs(pid: number): number {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  // The command name (field 2) is in parentheses and may hold spaces: count the fields after its end.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
}

/** The PostgreSQL backends connected to one database (the server's pool), but the one asking. */
export async function backendPids(db: pg.Client, database: string): Promise<number[]> {
  const { rows } = await db.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  return rows.map((row) => row.pid);
}

/** CPU ms of a set of processes, summed; each pid's own figure kept so that a later sample subtracts it. */
export function cpuSample(pids: number[]): Map<number, number> {
  return new Map(pids.map((pid) => [pid, processCpuMs(pid)]));
}

/**
 * The CPU the processes of `after` spent since `before`: a pid absent from `before` (a backend opened
 * during the work) counts from 0, its whole life being that work's.
 */
export function cpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += Math.max(0, ms - (before.get(pid) ?? 0));
  return total;
}
