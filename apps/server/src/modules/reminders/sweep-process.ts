import pino from 'pino';
import { postgresDatabase } from '../../db/postgres.js';
import { Jobs } from '../../lib/jobs.js';
import { outboxTransport } from '../../lib/mail/transports.js';
import { InvoiceLinks } from '../invoice-link/invoice-link-token.js';
import { runReminderSweep } from './reminder-sweep.js';

/*
 * One replica's sweep in a process of its own, for reminders.process.pg.test.ts: the exactly-once
 * guarantee across processes sharing one PostgreSQL and one queue, and after a restart. Its clock is
 * fixed at SWEEP_NOW; it prints how many reminders it sent and exits.
 */
const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} manquant`);
  return value;
};

const log = pino({ level: 'silent' });
const database = postgresDatabase(env('DATABASE_URL'), { maxConnections: 4 });
const jobs = new Jobs({
  sql: database,
  transport: outboxTransport(env('OUTBOX_DIR'), 'Facturo <no-reply@facturo.test>', log),
  log,
  maintenance: async () => {},
  options: { schema: env('QUEUE_SCHEMA'), pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 },
});
await jobs.start();
const now = new Date(env('SWEEP_NOW'));
const sent = await runReminderSweep(
  {
    db: database.db,
    mail: jobs,
    clock: { now: () => now },
    appUrl: 'http://facturo.test',
    // This process only tests the sweep's exactly-once: its links need no server to open them.
    invoiceLinks: new InvoiceLinks('sweep-process'),
    log,
  },
  env('SWEEP_ISSUERS').split(','),
);
await jobs.stop();
await database.close();
process.stdout.write(`${JSON.stringify({ sent })}\n`);
