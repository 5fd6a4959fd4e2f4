import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../db/types.js';
import { clientWithInvoice, signedInUser, uniqueEmail, uniqueSiret } from '../../test/factories.js';
import { startTestApp } from '../../test/harness.js';
import { dropQueueSchema, queueSchemaFor } from '../../test/queue-schema.js';
import { smtpQueue } from '../../test/smtp-queue.js';
import { freePort, type ReceivedMail, startSmtpServer, waitFor } from '../../test/smtp-server.js';
import { openTestDatabase } from '../../test/test-database.js';
import { confirmationEmail } from './templates.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase(inject('testDatabase'));
});
afterAll(async () => database.close());

describe('mail queue over SMTP', () => {
  it('keeps an e-mail while the SMTP server is down and delivers it once it is back', async () => {
    const port = await freePort();
    const schema = queueSchemaFor(database);
    const jobs = smtpQueue(database, port, schema);
    await jobs.start();
    let server: { received: ReceivedMail[]; close: () => Promise<void> } | undefined;
    try {
      const message = confirmationEmail(
        'lucie@exemple.fr',
        { prenom: 'Lucie' },
        'http://facturo.test/verify-email?token=abc',
      );
      await database.db.transaction((tx) => jobs.enqueue(message, tx));
      jobs.wake();

      // Nothing listens on the port: the queue records a failed attempt and keeps the job for a retry.
      const failed = await waitFor(async () => {
        const { rows } = await database.executeSql(
          `SELECT state, output FROM ${schema}.job WHERE name = 'mail' AND data->>'to' = $1`,
          ['lucie@exemple.fr'],
        );
        const job = rows[0] as { state: string; output: { message?: string } | null } | undefined;
        return job?.state === 'retry' ? job : undefined;
      }, 20_000);
      expect(failed.output?.message).toMatch(/ECONNREFUSED|connect/i);

      server = await startSmtpServer(port);
      const { received } = server;
      await waitFor(() => (received.length > 0 ? received : undefined), 30_000);
      expect(received).toHaveLength(1);
      expect(received[0]?.to).toEqual(['lucie@exemple.fr']);
      expect(received[0]?.from).toBe('no-reply@facturo.test');
      expect(received[0]?.raw).toMatch(/^Subject: .*Confirmez/m);
      expect(received[0]?.raw).toContain('multipart/alternative');
    } finally {
      await jobs.stop();
      await server?.close();
      await dropQueueSchema(database, schema);
    }
  });
});

describe('mail queue batches', () => {
  it('retries only the e-mail the server refused, and delivers the rest of its batch once', async () => {
    const port = await freePort();
    const refused = 'inconnu@exemple.fr';
    const smtp = await startSmtpServer(port, { refuse: (address) => address === refused });
    const schema = queueSchemaFor(database);
    const jobs = smtpQueue(database, port, schema, { retryDelaySeconds: 60 });
    await jobs.start();
    try {
      const recipients = [...Array.from({ length: 8 }, (_, i) => `lot-${i}@exemple.fr`), refused];
      // One commit: the worker sees them together and takes them as one batch.
      await database.db.transaction(async (tx) => {
        for (const to of recipients) {
          await jobs.enqueue(
            confirmationEmail(to, { prenom: 'Lou' }, 'http://facturo.test/verify-email?token=x'),
            tx,
          );
        }
      });
      jobs.wake();

      const states = await waitFor(async () => {
        const { rows } = await database.executeSql(
          `SELECT data->>'to' AS "to", state FROM ${schema}.job WHERE name = 'mail'`,
        );
        const byAddress = new Map(rows.map((row) => [String(row.to), String(row.state)]));
        return [...byAddress.values()].every((state) => state === 'completed' || state === 'retry')
          ? byAddress
          : undefined;
      }, 30_000);
      expect(states.get(refused)).toBe('retry');
      expect(recipients.filter((to) => to !== refused).map((to) => states.get(to))).toEqual(
        Array(8).fill('completed'),
      );
      expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual(
        recipients.filter((to) => to !== refused).sort(),
      );
    } finally {
      await jobs.stop();
      await smtp.close();
      await dropQueueSchema(database, schema);
    }
  });
});

describe('mail queue priorities', () => {
  it('delivers a sign-up confirmation queued after a burst of invoice e-mails before the burst is drained', async () => {
    const BURST = 50;
    const port = await freePort();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The server accepts nothing until released: the burst piles up in the queue behind its first batch.
    const smtp = await startSmtpServer(port, { hold: held });
    // Enough invoice e-mails for the burst within the per-user limit.
    const t = await startTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, rateLimitScale: 10 });
    try {
      const issuer = await signedInUser(t, {
        adresse: '5 quai Rive',
        codePostal: '13002',
        ville: 'Marseille',
      });
      const { invoice } = await clientWithInvoice(t, issuer.token);
      const burstTo = uniqueEmail('rafale');
      for (let i = 0; i < BURST; i++) {
        const sent = await t.request({
          method: 'POST',
          url: `/api/factures/${invoice._id}/send-email`,
          token: issuer.token,
          body: { to: burstTo, subject: `Facture ${i}`, message: 'Bonjour, voici votre facture.' },
        });
        expect(sent.statusCode).toBe(200);
      }

      const newcomer = uniqueEmail('nouveau');
      const registered = await t.request({
        method: 'POST',
        url: '/api/auth/register',
        body: {
          email: newcomer,
          password: 'Facture!2026x',
          nom: 'Durand',
          prenom: 'Léa',
          siret: uniqueSiret(),
        },
      });
      expect(registered.statusCode).toBe(201);
      release();

      await waitFor(() => (smtp.received.length === BURST + 1 ? true : undefined), 60_000);
      const position = smtp.received.findIndex((mail) => mail.to.includes(newcomer));
      const invoiceMailsAfter = smtp.received.slice(position + 1).filter((mail) => mail.to.includes(burstTo));
      // Without priorities it would come last; with them it waits at most for the batch in hand.
      expect(invoiceMailsAfter.length).toBeGreaterThanOrEqual(BURST / 2);
    } finally {
      await t.close();
      await smtp.close();
    }
  }, 180_000);
});
