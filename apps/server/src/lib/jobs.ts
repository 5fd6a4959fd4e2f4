import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { SqlExecutor } from '../db/types.js';
import type { MailMessage, MailTransport } from './mail/message.js';

const MAIL_QUEUE = 'mail';
/** Every ten minutes: expired trials and paid periods, old rate-limit windows and links. */
const MAINTENANCE_QUEUE = 'maintenance';

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
export class Jobs {
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
      { pollingIntervalSeconds: this.deps.options?.pollingIntervalSeconds ?? 2 },
      async (jobs) => {
        for (const job of jobs) await this.deps.transport.deliver(job.data);
      },
    );
    await this.boss.work(MAINTENANCE_QUEUE, async () => this.deps.maintenance());
    await this.boss.schedule(MAINTENANCE_QUEUE, '*/10 * * * *');
  }

  async sendMail(message: MailMessage): Promise<void> {
    await this.boss.send(MAIL_QUEUE, message, {
      retryLimit: 10,
      retryDelay: this.deps.options?.retryDelaySeconds ?? 30,
      retryBackoff: true,
    });
    // Wake this replica's worker now rather than at its next poll: e-mails feel instant.
    if (this.mailWorkerId) this.boss.notifyWorker(this.mailWorkerId);
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
