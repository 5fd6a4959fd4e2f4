import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { isAtNewestMigration } from './migrate-if-behind.js';
import { migrationsFolder } from './migrations-folder.js';
import * as schema from './schema.js';
import type { Database, Db } from './types.js';

/** Any fixed number works: it only has to be the same on every replica. */
const MIGRATION_LOCK_KEY = 4_242_001;
/**
 * What a start creates (migrations, the job queue's schema, queues and schedules) is created by one
 * replica at a time. Another key than the migrations' own: the start holds this one on its own
 * connection while the migrator takes that one on a pooled connection, and one session waiting on a
 * lock held by another of the same process would wait for ever.
 */
const START_LOCK_KEY = 4_242_002;

/** Where a lost connection is reported; the server passes its pino logger. */
export interface ConnectionLog {
  warn(details: { err: unknown }, message: string): void;
}

export interface PostgresOptions {
  maxConnections?: number;
  /** How long a query waits for a connection (pooled or new) before failing; default 5 s. */
  connectionTimeoutMs?: number;
  log?: ConnectionLog;
  /**
   * The tables' owner, for migrations only (DATABASE_MIGRATION_URL): the pool's role then needs data
   * rights alone, and cannot disable the triggers that keep the journal append-only.
   */
  migrationUrl?: string;
}

/**
 * Pool settings for a database that may go away: a restart, a failover or an administrator's
 * pg_terminate_backend must cost the requests in flight, never the process.
 */
const POOL_SETTINGS = {
  // An unreachable server fails a checkout after this long instead of leaving requests (and the
  // health check) hanging until the operating system gives up on the TCP connection.
  connectionTimeoutMillis: 5_000,
  // A peer that vanished without closing (network cut, host crash) is noticed on idle connections.
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
  // Idle connections are closed after a while, so a pool refills with fresh ones after an outage.
  idleTimeoutMillis: 30_000,
} as const;

/**
 * Every session of the application runs with PostgreSQL's JIT and parallel workers off: both start paying
 * once a plan's cost passes a threshold, and that cost grows with an issuer's rows and with the table. JIT:
 * the totals at 10,000 invoices took 2.2 s, 116 ms of them running the query and the rest compiling it; the
 * dashboard at 1,000,000 invoices spent 634 ms of 936 compiling. Parallel workers: at 1,000,000 invoices
 * the FEC's documents (1,423 rows of one issuer) went to a parallel bitmap scan, 35 ms against 10 ms for
 * the same rows in one process, where at 10,000 invoices the plan stayed serial — a worker is a process
 * started per query, and on a server answering requests side by side it takes a core from another one.
 * Our queries are short reads of one issuer's index range: neither ever pays back. Sent as the session's
 * startup options, so a connection's first query already runs with them and no round trip is added. pg
 * lets an `options` written in the URL override the one passed beside it: that one keeps its settings and
 * gets ours appended.
 */
export const SESSION_SETTINGS = '-c jit=off -c max_parallel_workers_per_gather=0';

export function withSessionOptions(connectionString: string): { connectionString: string; options?: string } {
  let url: URL | undefined;
  try {
    url = new URL(connectionString);
  } catch {
    // Not a URL (key=value form): pg reads no options from it that would override ours.
  }
  const written = url?.searchParams.get('options');
  if (!url || !written) return { connectionString, options: SESSION_SETTINGS };
  url.searchParams.set('options', `${written} ${SESSION_SETTINGS}`);
  return { connectionString: url.toString() };
}

export function postgresDatabase(connectionString: string, options: PostgresOptions = {}): Database {
  const pool = new pg.Pool({
    ...withSessionOptions(connectionString),
    max: options.maxConnections ?? 10,
    ...POOL_SETTINGS,
    ...(options.connectionTimeoutMs ? { connectionTimeoutMillis: options.connectionTimeoutMs } : {}),
  });
  watchConnections(pool, options.log);
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    notifications: { kind: 'postgres', connectionString },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async executeSql(text, values) {
      const result = await pool.query(text, values);
      return { rows: result.rows };
    },
    async migrate() {
      // The owner's pool for this start's migrations alone (two connections: the lock and the migrator).
      const owner = options.migrationUrl ? migrationPool(options.migrationUrl, options.log) : pool;
      try {
        const folder = migrationsFolder();
        const sql = { executeSql: async (text: string) => ({ rows: (await owner.query(text)).rows }) };
        if (await isAtNewestMigration(sql, folder)) return;
        // The migrator only when there is something to apply: one start in many.
        const { migrate } = await import('drizzle-orm/node-postgres/migrator');
        // Replicas starting together must not apply the same migration twice.
        const lockHolder = await owner.connect();
        try {
          await lockHolder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migrate(drizzle({ client: owner, schema }), { migrationsFolder: folder });
        } finally {
          await lockHolder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
          lockHolder.release();
        }
      } finally {
        if (owner !== pool) await owner.end();
      }
    },
    async underStartLock(work) {
      // A connection of its own, outside the pool: the work needs the pool, however small it is.
      const lockHolder = new pg.Client({ connectionString });
      lockHolder.on('error', (error) => options.log?.warn({ err: error }, 'Connexion PostgreSQL perdue'));
      await lockHolder.connect();
      try {
        await lockHolder.query('SELECT pg_advisory_lock($1)', [START_LOCK_KEY]);
        return await work();
      } finally {
        // Ending the session releases its lock, even when the unlock itself fails.
        await lockHolder.end().catch(() => {});
      }
    },
    async close() {
      await pool.end();
    },
  };
}

function migrationPool(connectionString: string, log: ConnectionLog | undefined): pg.Pool {
  const pool = new pg.Pool({ ...withSessionOptions(connectionString), max: 2, ...POOL_SETTINGS });
  watchConnections(pool, log);
  return pool;
}

/**
 * A pg client whose connection dies emits 'error'; with no listener Node treats that as an uncaught
 * exception and the whole server stops. The pool listens only while a client is idle (and then
 * re-emits on itself), so a client checked out by a transaction between two queries would still
 * crash the process: every client gets its own listener. A broken client is not reused: its next
 * query fails, and the pool drops it when it is released.
 */
function watchConnections(pool: pg.Pool, log: ConnectionLog | undefined): void {
  pool.on('connect', (client) => {
    client.on('error', (error) => log?.warn({ err: error }, 'Connexion PostgreSQL perdue'));
  });
  // Already logged by the client's own listener above; this one only keeps the pool's re-emission
  // from being an unhandled 'error' event.
  pool.on('error', () => {});
}
