/**
 * Throughput of the e-mail queue: N e-mails queued at once, delivered by one replica's worker to a
 * local SMTP server, against the same SMTP transport driven directly (no queue) in the same run, so
 * the ratio says what the queue costs whatever the machine.
 * On the bench's PostgreSQL database when there is one (a schema of its own, dropped after), else PGlite.
 * Kept from the earlier bench as a row of `npm run bench`'s table, without a goal of issue 16.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import pino from 'pino';
import { pgliteDatabase } from '../src/db/pglite.js';
import { postgresDatabase } from '../src/db/postgres.js';
import type { Database } from '../src/db/types.js';
import { Jobs } from '../src/lib/jobs.js';
import type { MailMessage } from '../src/lib/mail/message.js';
import { invoiceReceivedEmail } from '../src/lib/mail/templates.js';
import { smtpTransport } from '../src/lib/mail/transports.js';
import { settleAll } from '../src/lib/settle-all.js';
import { freePort, startSmtpServer } from '../src/test/smtp-server.js';
import { count, type Row, recordRow } from './lib/rows.js';
import { inRounds, median } from './lib/stats.js';

const COUNT = 1000;
const FROM = 'Facturo <no-reply@facturo.bench>';

function message(i: number): MailMessage {
  return invoiceReceivedEmail(
    `client-${i}@exemple.fr`,
    { numero: `FAC-2026-${String(i).padStart(4, '0')}`, issuerName: 'Claire Martin' },
    `http://facturo.bench/factures/${i}`,
  );
}

async function until(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('délai dépassé');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Migrated: the worker records each accepted e-mail in the application's delivered_mails, as in
 * production; the queue's own schema is made by pg-boss at start.
 */
async function openBenchDatabase(url: string | undefined): Promise<{ database: Database; schema: string }> {
  const opened = url
    ? { database: postgresDatabase(url), schema: `pgboss_bench_${randomBytes(4).toString('hex')}` }
    : { database: pgliteDatabase(new PGlite()), schema: 'pgboss' };
  await opened.database.migrate();
  return opened;
}

/** The reference: the same pooled SMTP transport, ten deliveries at a time, no queue in between. */
async function direct(port: number): Promise<number> {
  const smtp = await startSmtpServer(port);
  const transport = smtpTransport(`smtp://127.0.0.1:${port}`, FROM);
  const sendAll = (count: number) =>
    settleAll(
      Array.from({ length: count }, (_, i) => i),
      10,
      (i) => transport.deliver(message(i)),
    );
  await sendAll(50); // warm-up: connections open, code compiled, as the queue's run will find them
  const start = performance.now();
  await sendAll(COUNT);
  const ms = performance.now() - start;
  transport.close();
  await smtp.close();
  return ms;
}

/** The queue as production runs it (default polling and batches): all queued in one commit, then drained. */
async function queued(port: number, url: string | undefined): Promise<number> {
  const smtp = await startSmtpServer(port);
  const { database, schema } = await openBenchDatabase(url);
  const jobs = new Jobs({
    sql: database,
    transport: smtpTransport(`smtp://127.0.0.1:${port}`, FROM),
    log: pino({ level: 'silent' }),
    maintenance: async () => {},
    options: { schema },
  });
  await jobs.start();
  try {
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < COUNT; i++) await jobs.enqueue(message(i), tx);
    });
    const start = performance.now();
    jobs.wake();
    await until(() => smtp.received.length >= COUNT, 300_000);
    return performance.now() - start;
  } finally {
    await jobs.stop();
    if (schema !== 'pgboss') await database.executeSql(`DROP SCHEMA ${schema} CASCADE`);
    await database.close();
    await smtp.close();
  }
}

/** Rounds alternate between the two, so a burst of load elsewhere on the machine hits both alike. */
const ROUNDS = 3;

export async function benchMailQueue(url: string | undefined): Promise<Row[]> {
  const port = await freePort();
  const directMs: number[] = [];
  const queueMs: number[] = [];
  const rounds = await inRounds(ROUNDS, 45_000, async () => {
    directMs.push(await direct(port));
    queueMs.push(await queued(port, url));
  });
  const perMinute = (ms: number) => (COUNT / ms) * 60_000;
  const database = url ? 'PostgreSQL' : 'PGlite';
  const row = recordRow(
    `File d’e-mails (${database}) : ${count(COUNT)} e-mails vers un SMTP local`,
    `${count(perMinute(median(queueMs)))} e-mails/min`,
    `SMTP direct ${count(perMinute(median(directMs)))} e-mails/min`,
    median(directMs) / median(queueMs),
  );
  return [{ ...row, detail: `médianes de ${rounds} tours alternés` }];
}
