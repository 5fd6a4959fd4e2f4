import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { settleAll } from '../settle-all.js';
import type { DeliveredMails } from './delivered-mails.js';
import type { MailLease } from './mail-lease.js';
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
  /** Renewed while a batch is sent; lapsed ones (a dead replica's) are taken back before each fetch. */
  lease: MailLease;
  /** Each acceptance by the SMTP server, written at once; a job found there is completed, not sent again. */
  delivered: DeliveredMails;
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
 *
 * At least once, and twice only at a kill: a batch holds a short lease (mail-lease.ts) so that a killed
 * replica's e-mails are taken again within about a lease, and each e-mail the SMTP server accepted is
 * recorded at once (delivered-mails.ts), so only those being written at the instant of the kill are sent
 * twice.
 */
export class MailWorker {
  private running: Promise<void> | undefined;
  private stopping = false;
  private woken = false;
  private endNap: (() => void) | undefined;
  private nextReclaimAt = 0;

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
        await this.reclaimLapsedLeases();
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

  /** Every replica looks, at most once a quarter-lease, for the jobs of replicas gone silent. */
  private async reclaimLapsedLeases(): Promise<void> {
    const { lease, log } = this.options;
    if (Date.now() < this.nextReclaimAt) return;
    this.nextReclaimAt = Date.now() + lease.checkIntervalMs;
    const reclaimed = await lease.reclaimLapsed();
    if (reclaimed > 0)
      log.warn({ reclaimed }, 'E-mails repris : la réplique qui les envoyait ne répond plus');
  }

  private async deliver(jobs: PgBoss.JobWithMetadata<MailMessage>[]): Promise<void> {
    const { queue, delivered, log } = this.options;
    const accepted = await delivered.among(jobs.map((job) => job.id));
    if (accepted.size > 0) {
      // Their sender died between the SMTP server's acceptance and the completion: done, not sent again.
      await this.boss.complete(queue, [...accepted]);
      log.info({ jobIds: [...accepted] }, 'E-mails déjà acceptés par le serveur SMTP, terminés sans renvoi');
    }
    const pending = jobs.filter((job) => !accepted.has(job.id));
    if (pending.length > 0) await this.whileLeased(pending, () => this.send(pending));
  }

  /** Runs `work` while renewing the lease of `jobs`, until its last completion is written. */
  private async whileLeased(
    jobs: PgBoss.JobWithMetadata<MailMessage>[],
    work: () => Promise<void>,
  ): Promise<void> {
    const { lease, log } = this.options;
    const ids = jobs.map((job) => job.id);
    let renewing: Promise<void> | undefined;
    const renew = async () => {
      try {
        const held = await lease.renew(ids);
        // Only after a stall longer than a lease: another replica may be sending some of them too.
        if (held < ids.length) log.warn({ lost: ids.length - held }, 'Bail d’e-mails perdu pendant l’envoi');
      } catch (error) {
        log.warn({ err: error }, 'Renouvellement du bail des e-mails impossible');
      } finally {
        renewing = undefined;
      }
    };
    const timer = setInterval(() => {
      renewing ??= renew();
    }, lease.checkIntervalMs);
    try {
      await work();
    } finally {
      clearInterval(timer);
      await renewing;
    }
  }

  private async send(jobs: PgBoss.JobWithMetadata<MailMessage>[]): Promise<void> {
    const { queue, transport, concurrency, log } = this.options;
    const outcomes = await settleAll(jobs, concurrency, async (job) => {
      await transport.deliver(job.data);
      await this.recordAccepted(job.id);
    });
    const sent = jobs.filter((_, i) => outcomes[i]?.status === 'fulfilled').map((job) => job.id);
    if (sent.length > 0) await this.boss.complete(queue, sent);
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

  /**
   * The e-mail is sent whatever happens here: a failure to record it is only logged, and the job is still
   * completed with its batch (it would be sent again only if its replica died before that).
   */
  private async recordAccepted(jobId: string): Promise<void> {
    try {
      await this.options.delivered.record(jobId);
    } catch (error) {
      this.options.log.error({ err: error, jobId }, 'Envoi d’un e-mail non enregistré');
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
