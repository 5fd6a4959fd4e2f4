import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../test/factories.js';
import { ownPostgresDatabase } from '../test/own-postgres-database.js';
import { type StartedServer, startServerOn, until } from '../test/server-process.js';
import { startTcpProxy } from '../test/tcp-proxy.js';

/**
 * Replicas started together on a fresh database, as a deployment does: they crashed with « deadlock
 * detected » while creating the job queue's schema and queues (8 starts in 13). What a start creates is now
 * created under one advisory lock, one replica after the other. Real server processes on a database of
 * this file's own, empty at first, reached through a relay that holds their first connections until all
 * six wait, so that they go on at the same moment rather than one by one as they finish loading.
 */
const database = ownPostgresDatabase('starts');
beforeAll(() => database.create());
afterAll(() => database.drop());

const REPLICAS = 6;

describe('replicas started together on an empty database', () => {
  it(`all ${REPLICAS} become healthy and serve, the job queue included`, async () => {
    // The database is held silent until all six are waiting for it (they load at different speeds),
    // then let through at once: they go on together, as a deployment's replicas do.
    const target = new URL(database.url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    proxy.hold();
    const proxied = new URL(database.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const starting = Promise.allSettled(
      // Six processes loading at once on a shared machine take their time: only a crash fails them. The
      // pool waits as long for its first connection, which the held database does not answer.
      Array.from({ length: REPLICAS }, () =>
        startServerOn(proxied.toString(), { DATABASE_POOL_TIMEOUT_MS: '480000' }, 480_000),
      ),
    );
    await until(
      `les ${REPLICAS} répliques en attente de la base`,
      () => (proxy.waitingCount() >= REPLICAS ? true : undefined),
      480_000,
    );
    proxy.letThrough();
    const starts = await starting;
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
      await proxy.close();
    }
  }, 900_000);
});
