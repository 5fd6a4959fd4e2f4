import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.js';

/** One type for both drivers: PGlite and node-postgres speak the same PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories take either, so the caller decides the transaction. */
export type DbOrTx = Db | Tx;

export interface SqlResult {
  rows: Record<string, unknown>[];
}

/** Raw SQL access, shaped as pg-boss expects its `db` option. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
}

/** A connection pool's use at one instant (node-postgres); the embedded database has none. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * How a replica hears NOTIFY (lib/events/listener.ts): PostgreSQL needs a connection of its own, held
 * outside the pool (a pooled one goes back to others between queries); PGlite has its own listen().
 */
export type NotificationSource =
  | { kind: 'postgres'; connectionString: string }
  | {
      kind: 'pglite';
      listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
    };

export interface Database extends SqlExecutor {
  kind: 'pglite' | 'postgres';
  db: Db;
  notifications: NotificationSource;
  /** Connections open, idle and awaited now; null without a pool (PGlite). */
  poolStats(): PoolStats | null;
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other replica runs its own: what a start creates (migrations, the job queue's
   * schema, queues and schedules) is then created by one replica at a time (PostgreSQL's concurrent DDL
   * deadlocks otherwise). PGlite has one process by construction (the data directory's lock).
   */
  underStartLock<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
