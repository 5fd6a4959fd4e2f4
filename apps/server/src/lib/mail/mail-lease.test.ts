import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deliveredMails } from '../../db/schema.js';
import type { Database } from '../../db/types.js';
import { uniqueEmail } from '../../test/factories.js';
import { dropQueueSchema, queueSchemaFor } from '../../test/queue-schema.js';
import { smtpQueue } from '../../test/smtp-queue.js';
import { freePort, type ReceivedMail, startSmtpServer, waitFor } from '../../test/smtp-server.js';
import { openTestDatabase } from '../../test/test-database.js';
import { DELIVERED_MAILS_RETENTION_MS, purgeDeliveredMails } from './delivered-mails.js';
import { confirmationEmail } from './templates.js';

/**
 * The mail worker's lease and its record of accepted e-mails, in one process: a dead replica is a job left
 * active with an old start (as a kill -9 leaves it), and a live one is a second queue on the same tables.
 * mail-lease.pg.test.ts kills real server processes.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase(inject('testDatabase'));
});
afterAll(async () => database.close());

const LEASE_SECONDS = 4;

const queue = (port: number, schema: string) =>
  smtpQueue(database, port, schema, { mailLeaseSeconds: LEASE_SECONDS });

const message = (to: string) => confirmationEmail(to, { prenom: 'Noé' }, 'http://facturo.test/v?token=a');

async function jobOf(schema: string, to: string): Promise<{ id: string; state: string }> {
  const { rows } = await database.executeSql(
    `SELECT id::text AS id, state::text AS state FROM ${schema}.job WHERE name = 'mail' AND data->>'to' = $1`,
    [to],
  );
  const [row] = rows;
  if (!row) throw new Error(`pas de tâche pour ${to}`);
  return { id: String(row.id), state: String(row.state) };
}

const received = (mails: ReceivedMail[], to: string) => mails.filter((mail) => mail.to.includes(to)).length;

describe('the e-mails of a replica that died while sending them', () => {
  it('are taken back once its lease lapsed: the one already accepted is completed unsent, the other sent', async () => {
    const port = await freePort();
    const smtp = await startSmtpServer(port);
    const schema = queueSchemaFor(database);
    const jobs = queue(port, schema);
    await jobs.start();
    try {
      const accepted = uniqueEmail('deja-accepte');
      const unsent = uniqueEmail('pas-envoye');
      // As a killed replica leaves them: taken an hour ago, never completed; the SMTP server had accepted one.
      await database.db.transaction(async (tx) => {
        await jobs.enqueue(message(accepted), tx);
        await jobs.enqueue(message(unsent), tx);
        const table = sql.raw(`${schema}.job`);
        await tx.execute(
          sql`UPDATE ${table} SET state = 'active', started_on = now() - interval '1 hour' WHERE name = 'mail'`,
        );
        await tx.execute(
          sql`INSERT INTO delivered_mails (job_id) SELECT id FROM ${table} WHERE data->>'to' = ${accepted}`,
        );
      });

      await waitFor(async () => {
        const states = [(await jobOf(schema, accepted)).state, (await jobOf(schema, unsent)).state];
        return states.every((state) => state === 'completed') ? true : undefined;
      }, 20_000);
      expect(received(smtp.received, unsent)).toBe(1);
      expect(received(smtp.received, accepted)).toBe(0);
      // Now accepted too, so a later lapse could not send it again either.
      const recorded = await database.db.select().from(deliveredMails);
      expect(recorded.map((row) => row.jobId)).toContain((await jobOf(schema, unsent)).id);
    } finally {
      await jobs.stop();
      await smtp.close();
      await dropQueueSchema(database, schema);
    }
  });
});

describe('an e-mail slower to send than a lease', () => {
  it('stays with its replica, which renews the lease: another replica does not send it too', async () => {
    const port = await freePort();
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    const smtp = await startSmtpServer(port, {
      hold: () => {
        held = true;
        return released;
      },
    });
    const schema = queueSchemaFor(database);
    const sender = queue(port, schema);
    const other = queue(port, schema);
    await sender.start();
    try {
      const to = uniqueEmail('lent');
      await database.db.transaction((tx) => sender.enqueue(message(to), tx));
      sender.wake();
      await waitFor(() => (held ? true : undefined), 20_000);
      await other.start();
      const { id } = await jobOf(schema, to);
      const startedOn = async () => {
        const { rows } = await database.executeSql(
          `SELECT extract(epoch FROM started_on)::float8 AS at, retry_count FROM ${schema}.job WHERE id = $1`,
          [id],
        );
        return { at: Number(rows[0]?.at), retryCount: Number(rows[0]?.retry_count) };
      };
      const taken = await startedOn();
      // Renewed past two leases while the server holds it: the other queue, looking every quarter of a
      // lease, would have taken it back (and sent it) had it lapsed.
      await waitFor(async () => {
        const now = await startedOn();
        return now.at - taken.at >= 2 * LEASE_SECONDS ? now : undefined;
      }, 30_000);
      expect((await jobOf(schema, to)).state).toBe('active');
      expect((await startedOn()).retryCount).toBe(0);
      release();
      await waitFor(async () => ((await jobOf(schema, to)).state === 'completed' ? true : undefined), 20_000);
      expect(received(smtp.received, to)).toBe(1);
      expect((await startedOn()).retryCount).toBe(0);
    } finally {
      release();
      await other.stop();
      await sender.stop();
      await smtp.close();
      await dropQueueSchema(database, schema);
    }
  });
});

describe('the record of accepted e-mails', () => {
  it('is purged by the maintenance past its retention, and keeps the recent ones', async () => {
    const now = new Date();
    const old = randomUUID();
    const recent = randomUUID();
    await database.db.insert(deliveredMails).values([
      { jobId: old, deliveredAt: new Date(now.getTime() - DELIVERED_MAILS_RETENTION_MS - 60_000) },
      { jobId: recent, deliveredAt: new Date(now.getTime() - DELIVERED_MAILS_RETENTION_MS + 60_000) },
    ]);
    await purgeDeliveredMails(database.db, now);
    const left = new Set((await database.db.select().from(deliveredMails)).map((row) => row.jobId));
    expect(left.has(old)).toBe(false);
    expect(left.has(recent)).toBe(true);
  });
});
