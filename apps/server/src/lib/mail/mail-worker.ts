import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { settleAll } from '../settle-all.js';
import type { MailMessage, MailTransport } from './message.js';

export interface MailWorkerOptions {
  queue: string;
  transport: MailTransport;
  log: FastifyBaseLogger;
  pollingIntervalMs: number;
  /** E-mails taken per fetch, highest priority first. */
  batchSize: number;
  /** Deliveries of a batch in flight at once. */
  concurrency: number;
  /** Issue 17: an address refused the e-mail for good (SMTP 5xx), told once, at its first refusal. */
  onRejected?: (message: MailMessage) => Promise<void>;
}

/** The receiving server's permanent refusal (550 unknown mailbox…), as nodemailer reports it. */
function isPermanentRejection(reason: unknown): boolean {
  const code = (reason as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Drains the mail queue in batches, with its own fetch loop rather than pg-boss's `work`: `work`
 * settles a batch as a whole (a handler that throws fails every job of it) and completes it without
 * awaiting, after the handler, so a stop could not wait for it. Here every job is completed or failed
 * by its own outcome, and `stop` returns once the last of those writes is done.
 */
export class MailWorker {
  private running: Promise<void> | undefined;
  private stopping = false;
  private woken = false;
  private endNap: (() => void) | undefined;

  constructor(
    private readonly boss: PgBoss,
    private readonly options: MailWorkerOptions,
  ) {}

  start(): void {
    this.running = this.loop();
  }

  /** Fetch now rather than at the next poll (new jobs were just committed). */
  wake(): void {
    this.woken = true;
    this.endNap?.();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.endNap?.();
    await this.running;
  }

  private async loop(): Promise<void> {
    const { queue, batchSize, log, pollingIntervalMs } = this.options;
    while (!this.stopping) {
      this.woken = false;
      let fetched = 0;
      try {
        const jobs = await this.boss.fetch<MailMessage>(queue, {
          batchSize,
          priority: true,
          includeMetadata: true,
        });
        fetched = jobs.length;
        if (fetched > 0) await this.deliver(jobs);
      } catch (error) {
        log.error({ err: error }, 'Erreur de la file d’e-mails');
      }
      // A full batch means more are waiting: go on at once. Otherwise wait for the poll or a wake-up.
      if (fetched < batchSize && !this.woken && !this.stopping) await this.nap(pollingIntervalMs);
    }
  }

  private async deliver(jobs: PgBoss.JobWithMetadata<MailMessage>[]): Promise<void> {
    const { queue, transport, concurrency, log } = this.options;
    const outcomes = await settleAll(jobs, concurrency, (job) => transport.deliver(job.data));
    const delivered = jobs.filter((_, i) => outcomes[i]?.status === 'fulfilled').map((job) => job.id);
    if (delivered.length > 0) await this.boss.complete(queue, delivered);
    for (const [i, outcome] of outcomes.entries()) {
      const job = jobs[i];
      if (outcome.status === 'fulfilled' || !job) continue;
      const reason = outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
      log.warn({ jobId: job.id, to: job.data.to, reason }, 'Échec d’envoi d’un e-mail, nouvel essai prévu');
      // Failed alone: retried with back-off, while the rest of the batch stays delivered.
      await this.boss.fail(queue, job.id, { message: reason });
      if (job.retryCount === 0 && isPermanentRejection(outcome.reason)) await this.reportRejected(job.data);
    }
  }

  /** Telling the sender must never stop the queue: a failure to tell is only logged. */
  private async reportRejected(message: MailMessage): Promise<void> {
    try {
      await this.options.onRejected?.(message);
    } catch (error) {
      this.options.log.error({ err: error }, 'Échec de la notification d’un e-mail refusé');
    }
  }

  private nap(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const end = () => {
        clearTimeout(timer);
        this.endNap = undefined;
        resolve();
      };
      const timer = setTimeout(end, ms);
      this.endNap = end;
    });
  }
}
