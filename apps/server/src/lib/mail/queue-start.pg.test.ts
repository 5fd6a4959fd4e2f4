import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../db/types.js';
import { dropQueueSchema, queueSchemaFor } from '../../test/queue-schema.js';
import { smtpQueue } from '../../test/smtp-queue.js';
import { freePort, startSmtpServer, waitFor } from '../../test/smtp-server.js';
import { openTestDatabase } from '../../test/test-database.js';
import { confirmationEmail } from './templates.js';

/**
 * pg-boss is loaded by the queue's start (lib/jobs.ts): an e-mail queued while it starts waits for
 * it in its transaction. Each test's queue has a schema of its own that pg-boss creates as it
 * starts, so a job written before the start would have no table to go to. PostgreSQL only: PGlite
 * runs one transaction at a time, and a transaction waiting there would hold up the start itself.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase(inject('testDatabase'));
});
afterAll(async () => database.close());

const queue = (port: number, schema: string) => smtpQueue(database, port, schema);

describe('a queue still starting', () => {
  it('delivers an e-mail queued while it starts, once', async () => {
    const port = await freePort();
    const server = await startSmtpServer(port);
    const schema = queueSchemaFor(database);
    const jobs = queue(port, schema);
    try {
      const starting = jobs.start();
      const message = confirmationEmail(
        'ines@exemple.fr',
        { prenom: 'Inès' },
        'http://facturo.test/v?token=a',
      );
      await database.db.transaction((tx) => jobs.enqueue(message, tx));
      await starting;
      jobs.wake();
      const { received } = server;
      await waitFor(() => (received.length > 0 ? received : undefined), 30_000);
      expect(received.map((mail) => mail.to)).toEqual([['ines@exemple.fr']]);
    } finally {
      await jobs.stop();
      await server.close();
      await dropQueueSchema(database, schema);
    }
  });

  it('stops cleanly when asked to during its start', async () => {
    const schema = queueSchemaFor(database);
    const jobs = queue(await freePort(), schema);
    try {
      const starting = jobs.start();
      await jobs.stop();
      await starting;
      const { rows } = await database.executeSql(
        `SELECT count(*)::int AS queues FROM ${schema}.queue WHERE name = 'mail'`,
      );
      expect(rows[0]?.queues).toBe(1);
    } finally {
      await dropQueueSchema(database, schema);
    }
  });
});
