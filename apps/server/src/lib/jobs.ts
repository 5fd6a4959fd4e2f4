import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { transactionExecutor } from '../db/transaction-executor.js';
import type { SqlExecutor, Tx } from '../db/types.js';
import type { MailQueue } from './mail/mail-queue.js';
import type { MailKind, MailMessage, MailTransport } from './mail/message.js';
import { settleAll } from './settle-all.js';

const MAIL_QUEUE = 'mail';
/** Every ten minutes: expired trials and paid periods, old rate-limit windows and links. */
const MAINTENANCE_QUEUE = 'maintenance';

/** E-mails taken per fetch, and delivered at once: a burst drains in batches, not one job per poll. */
const MAIL_BATCH_SIZE = 20;
const MAIL_CONCURRENCY = 10;
/** pg-boss fetches the highest priority first: a person waiting on a page before a batch of invoices. */
const MAIL_PRIORITY: Record<MailKind, number> = { account: 20, support: 10, invoice: 0 };

export interface JobsDeps {
  sql: SqlExecutor;
  transport: MailTransport;
  log: FastifyBaseLogger;
  maintenance: () => Promise<void>;
  /** Tests shorten the waits and use a schema of their own; production keeps the defaults. */
  options?: { schema?: string; retryDelaySeconds?: number; pollingIntervalSeconds?: number };
}

/**
 * Background work through pg-boss on the application's own PostgreSQL (DESIGN §1): every replica
 * may pick a job, a failed delivery is retried with back-off, and nothing is lost on a restart.
 */
export class Jobs implements MailQueue {
  private readonly boss: PgBoss;
  private mailWorkerId: string | undefined;

  constructor(private readonly deps: JobsDeps) {
    this.boss = new PgBoss({
      db: deps.sql,
      schema: deps.options?.schema ?? 'pgboss',
      schedule: true,
      supervise: true,
    });
    this.boss.on('error', (error: Error) => deps.log.error({ err: error }, 'Erreur de la file de tâches'));
  }

  async start(): Promise<void> {
    await this.boss.start();
    await this.boss.createQueue(MAIL_QUEUE);
    await this.boss.createQueue(MAINTENANCE_QUEUE);
    this.mailWorkerId = await this.boss.work<MailMessage>(
      MAIL_QUEUE,
      {
        pollingIntervalSeconds: this.deps.options?.pollingIntervalSeconds ?? 2,
        batchSize: MAIL_BATCH_SIZE,
      },
      (jobs) => this.deliverMail(jobs),
    );
    await this.boss.work(MAINTENANCE_QUEUE, async () => this.deps.maintenance());
    await this.boss.schedule(MAINTENANCE_QUEUE, '*/10 * * * *');
  }

  async enqueue(message: MailMessage, tx: Tx): Promise<void> {
    await this.boss.send(MAIL_QUEUE, message, {
      db: transactionExecutor(tx),
      priority: MAIL_PRIORITY[message.kind],
      retryLimit: 10,
      retryDelay: this.deps.options?.retryDelaySeconds ?? 30,
      retryBackoff: true,
    });
  }

  /** E-mails feel instant: the enqueuing replica's worker fetches now rather than at its next poll. */
  wake(): void {
    if (this.mailWorkerId) this.boss.notifyWorker(this.mailWorkerId);
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    this.deps.transport.close();
  }

  /**
   * pg-boss settles a batch as a whole (a handler that throws fails every job of it), so each job is
   * settled here by its own outcome and the handler never throws: one refused address is retried
   * alone, and what was delivered is not sent twice.
   */
  private async deliverMail(jobs: PgBoss.Job<MailMessage>[]): Promise<void> {
    const outcomes = await settleAll(jobs, MAIL_CONCURRENCY, (job) => this.deps.transport.deliver(job.data));
    const delivered = jobs.filter((_, i) => outcomes[i]?.status === 'fulfilled').map((job) => job.id);
    if (delivered.length > 0) await this.boss.complete(MAIL_QUEUE, delivered);
    for (const [i, outcome] of outcomes.entries()) {
      const job = jobs[i];
      if (outcome.status === 'fulfilled' || !job) continue;
      const reason = outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
      this.deps.log.warn(
        { jobId: job.id, to: job.data.to, reason },
        'Échec d’envoi d’un e-mail, nouvel essai prévu',
      );
      await this.boss.fail(MAIL_QUEUE, job.id, { message: reason });
    }
    // A full batch means more are waiting: fetch again now instead of sleeping until the next poll.
    if (jobs.length === MAIL_BATCH_SIZE) this.wake();
  }
}
