import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../test/factories.js';
import { ownPostgresDatabase } from '../test/own-postgres-database.js';
import { type StartedServer, startServerOn, until } from '../test/server-process.js';
import { MIGRATION_LOCK_KEY } from './postgres.js';

/**
 * Replicas started together on a fresh database, as a deployment does: they crashed with « deadlock
 * detected » while creating the job queue's schema and queues (8 starts in 13). What a start creates is now
 * created under one advisory lock, one replica after the other. Real server processes on a database of
 * this file's own, empty at first; the test holds the migrations' lock until all six wait, so that they go
 * on at the same moment rather than one by one as they finish loading.
 */
const database = ownPostgresDatabase('starts');
beforeAll(() => database.create());
afterAll(() => database.drop());

const REPLICAS = 6;

/** Sessions of this database waiting for an advisory lock (pg_advisory_lock). */
function advisoryLockWaiters(): Promise<number> {
  return database.withClient(async (client) => {
    const { rows } = await client.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory'`,
    );
    return rows[0]?.waiting ?? 0;
  });
}

describe('replicas started together on an empty database', () => {
  it(`all ${REPLICAS} become healthy and serve, the job queue included`, async () => {
    // Held by the test as by a first replica still migrating: every replica comes to wait for a lock,
    // then all go on together, as close as a deployment's would (they load at different speeds).
    const starts = await database.withClient(async (firstReplica) => {
      await firstReplica.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      const starting = Promise.allSettled(
        // Six processes loading at once on a shared machine take their time: only a crash fails them.
        Array.from({ length: REPLICAS }, () => startServerOn(database.url, {}, 480_000)),
      );
      await until(
        `les ${REPLICAS} répliques en attente d'un verrou`,
        async () => ((await advisoryLockWaiters()) >= REPLICAS ? true : undefined),
        480_000,
      );
      await firstReplica.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      return starting;
    });
    const servers = starts
      .filter((start): start is PromiseFulfilledResult<StartedServer> => start.status === 'fulfilled')
      .map((start) => start.value);
    try {
      expect(starts.filter((start) => start.status === 'rejected')).toEqual([]);
      for (const server of servers) {
        // A contact message writes its row and its e-mail's job (the queue's tables) in one transaction.
        const res = await fetch(`${server.baseUrl}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            nom: 'Camille',
            email: uniqueEmail('replique'),
            sujet: 'question',
            message: 'Bonjour, une question sur les factures.',
          }),
          signal: AbortSignal.timeout(30_000),
        });
        expect(res.status).toBe(201);
        expect(server.process.output()).not.toMatch(/deadlock|interblocage/i);
      }
      const queues = await database.withClient(async (client) => {
        const { rows } = await client.query<{ name: string }>('SELECT name FROM pgboss.queue ORDER BY name');
        return rows.map((row) => row.name);
      });
      expect(queues).toContain('mail');
      expect(new Set(queues).size).toBe(queues.length);
    } finally {
      for (const server of servers) server.process.child.kill('SIGTERM');
      await Promise.all(servers.map((server) => server.process.exited));
    }
  }, 900_000);
});
