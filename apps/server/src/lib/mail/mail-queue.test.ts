import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../db/types.js';
import { freePort, type ReceivedMail, startSmtpServer } from '../../test/smtp-server.js';
import { openTestDatabase } from '../../test/test-database.js';
import { Jobs } from '../jobs.js';
import { confirmationEmail } from './templates.js';
import { smtpTransport } from './transports.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase(inject('testDatabase'));
});
afterAll(async () => database.close());

describe('mail queue over SMTP', () => {
  it('keeps an e-mail while the SMTP server is down and delivers it once it is back', async () => {
    const port = await freePort();
    const jobs = new Jobs({
      sql: database,
      transport: smtpTransport(`smtp://127.0.0.1:${port}`, 'Facturo <no-reply@facturo.test>'),
      log: pino({ level: 'silent' }),
      maintenance: async () => {},
      options: { schema: `pgboss_smtp_${port}`, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 },
    });
    await jobs.start();
    let server: { received: ReceivedMail[]; close: () => Promise<void> } | undefined;
    try {
      await jobs.sendMail(
        confirmationEmail(
          'lucie@exemple.fr',
          { prenom: 'Lucie' },
          'http://facturo.test/verify-email?token=abc',
        ),
      );
      // The first attempts hit a closed port and fail; the job waits in the queue.
      await new Promise((resolve) => setTimeout(resolve, 1500));

      server = await startSmtpServer(port);
      const { received } = server;
      const deadline = Date.now() + 20_000;
      while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(received).toHaveLength(1);
      expect(received[0]?.to).toEqual(['lucie@exemple.fr']);
      expect(received[0]?.from).toBe('no-reply@facturo.test');
      expect(received[0]?.raw).toMatch(/^Subject: .*Confirmez/m);
      expect(received[0]?.raw).toContain('multipart/alternative');
    } finally {
      await jobs.stop();
      await server?.close();
    }
  });
});
