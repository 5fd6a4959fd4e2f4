import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { DEFAULT_MAIL_LEASE_SECONDS, DEFAULT_MAIL_RETRY_DELAY_SECONDS } from '../config.js';
import { transactionExecutor } from '../db/transaction-executor.js';
import type { SqlExecutor, Tx } from '../db/types.js';
import { BossDatabase } from './boss-database.js';
import { DeliveredMails } from './mail/delivered-mails.js';
import { MailLease } from './mail/mail-lease.js';
import type { MailQueue } from './mail/mail-queue.js';
import { MailWorker } from './mail/mail-worker.js';
import type { MailKind, MailMessage, MailTransport } from './mail/message.js';

const MAIL_QUEUE = 'mail';
/** pg-boss's schema in production; tests give each queue its own (test/queue-schema.ts). */
export const DEFAULT_QUEUE_SCHEMA = 'pgboss';
/** Every ten minutes: expired trials and paid periods, old rate-limit windows and links. */
const MAINTENANCE_QUEUE = 'maintenance';
/** Issue 14: a look, some minutes after a message, at whether it is still unread (then an e-mail). */
export const MESSAGE_NOTICE_QUEUE = 'message-notice';
/**
 * Issue 17: every quarter of an hour, the sweep that sends the reminders whose day has come
 * (modules/reminders/reminder-sweep.ts). pg-boss runs one job per tick across replicas; were two to
 * sweep at once, the unique (invoice, step) row still sends each step once.
 */
export const REMINDER_QUEUE = 'reminder-sweep';
const REMINDER_SCHEDULE = '*/15 * * * *';
/**
 * The journal's closings (modules/journal/journal-seal.ts): every night, just after midnight in Paris,
 * the day that ended is sealed, and the month when it ended too; a missed night is caught up the next
 * one (every ended day and month without its seal), and sealing is idempotent.
 */
export const JOURNAL_SEAL_QUEUE = 'journal-seal';
const JOURNAL_SEAL_SCHEDULE = '20 0 * * *';
/**
 * Every night, the issuers' invoice counters against a recount (modules/invoices/issuer-counts.ts): any drift
 * is repaired and logged. Far from the journal's seal, and idempotent should two replicas run it.
 */
export const COUNTS_CHECK_QUEUE = 'issuer-counts-check';
const COUNTS_CHECK_SCHEDULE = '40 3 * * *';
/**
 * Issue 18: a yearly archive's build (modules/archives/archive-build.ts), one job per archive asked for,
 * one at a time per replica (each one draws PDFs and zips). A job cut short (a failure, or a replica
 * killed: pg-boss expires it) is retried and builds the same archive row again from the start.
 */
export const ARCHIVE_QUEUE = 'yearly-archive';
/** Longer than the largest year takes; past it, pg-boss hands a killed replica's job to another. */
const ARCHIVE_EXPIRE_SECONDS = 30 * 60;
const ARCHIVE_RETRY_LIMIT = 2;
/**
 * Issue 19: one job per flow to submit to the user's e-invoicing platform (a platform_flows row), retried
 * with back-off; the row's idempotency key makes a retry after a lost answer land on the same flow.
 */
export const PLATFORM_SUBMIT_QUEUE = 'platform-submit';
const PLATFORM_SUBMIT_RETRY_LIMIT = 6;
/** Issue 19: one user's sync with their platform (a webhook came, or the poll). */
export const PLATFORM_SYNC_QUEUE = 'platform-sync';
/** Issue 19: the fallback poll for lost webhooks (and flows left unsubmitted), every five minutes. */
export const PLATFORM_POLL_QUEUE = 'platform-poll';
const PLATFORM_POLL_SCHEDULE = '*/5 * * * *';

/** The job of one burst of messages: its first message, which the notice checks is still unread. */
export interface MessageNoticeJob {
  messageId: string;
}

/** Delayed message notices as the messaging service sees them (implemented by Jobs over pg-boss). */
export interface MessageNoticeQueue {
  /** Writes the job inside `tx`, to run from `startAfter` on, if and only if the transaction commits. */
  scheduleMessageNotice(job: MessageNoticeJob, startAfter: Date, tx: Tx): Promise<void>;
}

/** The job of one yearly archive: its row in yearly_archives. */
export interface ArchiveJob {
  archiveId: string;
}

/** Where one run of an archive job stands among its tries. */
export interface ArchiveAttempt {
  /** No retry follows this one: a failure is final (the archive is marked as failed). */
  last: boolean;
}

/** Yearly archive builds as the archives service sees them (implemented by Jobs over pg-boss). */
export interface ArchiveQueue {
  /** Writes the job inside `tx`: it exists, and runs, if and only if the transaction commits. */
  scheduleArchive(job: ArchiveJob, tx: Tx): Promise<void>;
}

/** Issue 19: the job of one flow to submit: its platform_flows row. */
export interface PlatformSubmitJob {
  platformFlowId: string;
}

/** Issue 19: the job of one user's sync with their platform. */
export interface PlatformSyncJob {
  userId: string;
}

/** Issue 19: the e-invoicing platform's jobs as the services see them (implemented by Jobs over pg-boss). */
export interface PlatformQueue {
  /** Writes the submit job inside `tx`: it exists, and runs, if and only if the transaction commits. */
  schedulePlatformSubmit(job: PlatformSubmitJob, tx: Tx): Promise<void>;
  /** A sync of the user's flows soon (each one reads everything changed since the last: bursts are cheap). */
  schedulePlatformSync(job: PlatformSyncJob): Promise<void>;
}

/** E-mails taken per fetch and delivered together: a burst drains in batches, not one job per poll. */
const MAIL_BATCH_SIZE = 20;
const MAIL_CONCURRENCY = 10;
/** pg-boss fetches the highest priority first: a person waiting on a page before a batch of invoices. */
const MAIL_PRIORITY: Record<MailKind, number> = { account: 20, support: 10, invoice: 0 };

export interface JobsDeps {
  sql: SqlExecutor;
  transport: MailTransport;
  log: FastifyBaseLogger;
  maintenance: () => Promise<void>;
  /** Issue 17: an e-mail refused for good by its address (modules/notifications/mail-rejected.ts). */
  mailRejected?: (message: MailMessage) => Promise<void>;
  /** Runs a due message notice (modules/messaging/unread-notice.ts); without it, the jobs wait. */
  messageNotice?: (job: MessageNoticeJob) => Promise<void>;
  /** Issue 17: the reminder sweep; without it (tests run it themselves), no schedule is set. */
  reminderSweep?: () => Promise<void>;
  /** Seals the ended days and months of every journal; without it (tests run it themselves), no schedule. */
  journalSeal?: () => Promise<void>;
  /** The nightly recount of the issuers' invoice counters; without it (tests run it themselves), no schedule. */
  countsCheck?: () => Promise<void>;
  /** Issue 18: builds a yearly archive; without it, archive jobs wait. */
  archiveBuild?: (job: ArchiveJob, attempt: ArchiveAttempt) => Promise<void>;
  /** Issue 19: submits one flow to the platform; without it, submit jobs wait. */
  platformSubmit?: (job: PlatformSubmitJob, attempt: ArchiveAttempt) => Promise<void>;
  /** Issue 19: syncs one user's flows; without it, sync jobs wait. */
  platformSync?: (job: PlatformSyncJob) => Promise<void>;
  /** Issue 19: the periodic poll of every connection; without it (tests run it themselves), no schedule. */
  platformPoll?: () => Promise<void>;
  /** Tests shorten the waits and use a schema of their own; production keeps the defaults. */
  options?: {
    schema?: string;
    retryDelaySeconds?: number;
    pollingIntervalSeconds?: number;
    /** How long an archive job may run before pg-boss takes it for lost (a killed replica) and retries it. */
    archiveExpireSeconds?: number;
    /** How often pg-boss looks for expired jobs (its default: every two minutes). */
    maintenanceIntervalSeconds?: number;
    /** MAIL_LEASE_SECONDS: how long a replica holds the e-mails in hand without renewing (mail-lease.ts). */
    mailLeaseSeconds?: number;
    /** MAIL_RETRY_DELAY_SECONDS: the first wait after a failed e-mail, doubled at each try (else retryDelaySeconds). */
    mailRetryDelaySeconds?: number;
    /** How long the stop waits for the jobs in hand before pg-boss hands them back (pg-boss's floor: 1 s). */
    stopTimeoutSeconds?: number;
  };
}

/**
 * Background work through pg-boss on the application's own PostgreSQL (DESIGN §1): every replica
 * may pick a job, a failed delivery is retried with back-off, and nothing is lost on a restart.
 *
 * Issue 16: pg-boss (with luxon and cron-parser, ~400 KB of code) is a module of its own, loaded
 * from the queue's construction on and started by `start`, which the server runs while it builds
 * the application. A job sent before the queue has started waits for it (in its transaction), so
 * none is lost or written before pg-boss has checked its schema.
 */
export class Jobs implements MailQueue, MessageNoticeQueue, ArchiveQueue, PlatformQueue {
  private started: Promise<PgBoss> | undefined;
  private mailWorker: MailWorker | undefined;
  /** Loading from the construction on, so that what the server does before `start` overlaps it. */
  private readonly pgBoss = import('pg-boss');
  /** pg-boss's own queries, shut after its stop (see BossDatabase). */
  private readonly bossDatabase: BossDatabase;

  constructor(private readonly deps: JobsDeps) {
    this.bossDatabase = new BossDatabase(deps.sql, deps.log);
    // A failure is reported by `start`, which awaits this again.
    this.pgBoss.catch(() => {});
  }

  /** Loads and starts pg-boss and the workers; later calls wait for the same start. */
  async start(): Promise<void> {
    await this.boss();
  }

  private boss(): Promise<PgBoss> {
    this.started ??= this.load();
    return this.started;
  }

  private async load(): Promise<PgBoss> {
    const { default: PgBossClass } = await this.pgBoss;
    const boss = new PgBossClass({
      db: this.bossDatabase,
      schema: this.deps.options?.schema ?? DEFAULT_QUEUE_SCHEMA,
      schedule: true,
      supervise: true,
      ...(this.deps.options?.maintenanceIntervalSeconds
        ? { maintenanceIntervalSeconds: this.deps.options.maintenanceIntervalSeconds }
        : {}),
    });
    boss.on('error', (error: Error) => this.deps.log.error({ err: error }, 'Erreur de la file de tâches'));
    await boss.start();
    // Each round trip here is on the start's path: most starts find the queues made, and one look
    // replaces three creations (a missing one is still created, one after the other).
    const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
    for (const queue of [
      MAIL_QUEUE,
      MAINTENANCE_QUEUE,
      MESSAGE_NOTICE_QUEUE,
      REMINDER_QUEUE,
      JOURNAL_SEAL_QUEUE,
      COUNTS_CHECK_QUEUE,
      ARCHIVE_QUEUE,
      PLATFORM_SUBMIT_QUEUE,
      PLATFORM_SYNC_QUEUE,
      PLATFORM_POLL_QUEUE,
    ]) {
      if (!existing.has(queue)) await boss.createQueue(queue);
    }
    this.mailWorker = new MailWorker(boss, {
      queue: MAIL_QUEUE,
      transport: this.deps.transport,
      log: this.deps.log,
      pollingIntervalMs: (this.deps.options?.pollingIntervalSeconds ?? 2) * 1000,
      batchSize: MAIL_BATCH_SIZE,
      concurrency: MAIL_CONCURRENCY,
      lease: new MailLease(
        this.deps.sql,
        this.deps.options?.schema ?? DEFAULT_QUEUE_SCHEMA,
        MAIL_QUEUE,
        this.deps.options?.mailLeaseSeconds ?? DEFAULT_MAIL_LEASE_SECONDS,
      ),
      delivered: new DeliveredMails(this.deps.sql),
      onRejected: this.deps.mailRejected,
    });
    this.mailWorker.start();
    // The queues exist: the workers and the schedule do not depend on one another.
    const {
      messageNotice,
      reminderSweep,
      journalSeal,
      countsCheck,
      archiveBuild,
      platformSubmit,
      platformSync,
      platformPoll,
    } = this.deps;
    const pollingIntervalSeconds = this.deps.options?.pollingIntervalSeconds ?? 2;
    await Promise.all([
      boss.work(MAINTENANCE_QUEUE, async () => this.deps.maintenance()),
      boss.schedule(MAINTENANCE_QUEUE, '*/10 * * * *'),
      messageNotice &&
        boss.work<MessageNoticeJob>(MESSAGE_NOTICE_QUEUE, async (jobs) => {
          for (const job of jobs) await messageNotice(job.data);
        }),
      reminderSweep && boss.work(REMINDER_QUEUE, async () => reminderSweep()),
      reminderSweep && boss.schedule(REMINDER_QUEUE, REMINDER_SCHEDULE, undefined, { tz: 'Europe/Paris' }),
      journalSeal && boss.work(JOURNAL_SEAL_QUEUE, async () => journalSeal()),
      journalSeal &&
        boss.schedule(JOURNAL_SEAL_QUEUE, JOURNAL_SEAL_SCHEDULE, undefined, { tz: 'Europe/Paris' }),
      countsCheck && boss.work(COUNTS_CHECK_QUEUE, async () => countsCheck()),
      countsCheck &&
        boss.schedule(COUNTS_CHECK_QUEUE, COUNTS_CHECK_SCHEDULE, undefined, { tz: 'Europe/Paris' }),
      archiveBuild &&
        boss.work<ArchiveJob>(
          ARCHIVE_QUEUE,
          {
            includeMetadata: true,
            batchSize: 1,
            pollingIntervalSeconds: this.deps.options?.pollingIntervalSeconds ?? 2,
          },
          async (jobs) => {
            for (const job of jobs) {
              await archiveBuild(job.data, { last: job.retryCount >= job.retryLimit });
            }
          },
        ),
      platformSubmit &&
        boss.work<PlatformSubmitJob>(
          PLATFORM_SUBMIT_QUEUE,
          { includeMetadata: true, batchSize: 1, pollingIntervalSeconds },
          async (jobs) => {
            for (const job of jobs) {
              await platformSubmit(job.data, { last: job.retryCount >= job.retryLimit });
            }
          },
        ),
      platformSync &&
        boss.work<PlatformSyncJob>(PLATFORM_SYNC_QUEUE, { pollingIntervalSeconds }, async (jobs) => {
          for (const job of jobs) await platformSync(job.data);
        }),
      platformPoll && boss.work(PLATFORM_POLL_QUEUE, async () => platformPoll()),
      platformPoll && boss.schedule(PLATFORM_POLL_QUEUE, PLATFORM_POLL_SCHEDULE),
    ]);
    return boss;
  }

  async scheduleMessageNotice(job: MessageNoticeJob, startAfter: Date, tx: Tx): Promise<void> {
    const boss = await this.boss();
    await boss.send(MESSAGE_NOTICE_QUEUE, job, {
      db: transactionExecutor(tx),
      startAfter,
      retryLimit: 5,
      retryDelay: this.deps.options?.retryDelaySeconds ?? 30,
      retryBackoff: true,
    });
  }

  async scheduleArchive(job: ArchiveJob, tx: Tx): Promise<void> {
    const boss = await this.boss();
    await boss.send(ARCHIVE_QUEUE, job, {
      db: transactionExecutor(tx),
      retryLimit: ARCHIVE_RETRY_LIMIT,
      retryDelay: this.deps.options?.retryDelaySeconds ?? 30,
      expireInSeconds: this.deps.options?.archiveExpireSeconds ?? ARCHIVE_EXPIRE_SECONDS,
    });
  }

  async schedulePlatformSubmit(job: PlatformSubmitJob, tx: Tx): Promise<void> {
    const boss = await this.boss();
    await boss.send(PLATFORM_SUBMIT_QUEUE, job, {
      db: transactionExecutor(tx),
      retryLimit: PLATFORM_SUBMIT_RETRY_LIMIT,
      retryDelay: this.deps.options?.retryDelaySeconds ?? 30,
      retryBackoff: true,
    });
  }

  async schedulePlatformSync(job: PlatformSyncJob): Promise<void> {
    const boss = await this.boss();
    // Not deduplicated: a webhook arriving while a sync runs must still be followed by one; syncs are idempotent.
    await boss.send(PLATFORM_SYNC_QUEUE, job, {
      // The application's write, not pg-boss's: it does not wait forever on the queue shut at its stop.
      db: this.deps.sql,
      retryLimit: 3,
      retryDelay: this.deps.options?.retryDelaySeconds ?? 30,
      retryBackoff: true,
    });
  }

  async enqueue(message: MailMessage, tx: Tx): Promise<void> {
    const boss = await this.boss();
    await boss.send(MAIL_QUEUE, message, {
      db: transactionExecutor(tx),
      priority: MAIL_PRIORITY[message.kind],
      retryLimit: 10,
      retryDelay:
        this.deps.options?.mailRetryDelaySeconds ??
        this.deps.options?.retryDelaySeconds ??
        DEFAULT_MAIL_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      // No expireInSeconds: the mail worker's lease (mail-lease.ts) recovers a dead replica's e-mails
      // within about a minute; pg-boss's 15-minute expiry is only its backstop.
    });
  }

  /**
   * This replica takes no more archive jobs (the one in hand, if any, runs on): what a replica whose
   * process is gone looks like to the queue, for the test of an archive resumed elsewhere. pg-boss 10
   * fails a handler that outlives the job's expiry and would otherwise hand the retry to the same worker.
   */
  async stopArchiveWork(): Promise<void> {
    await (await this.boss()).offWork(ARCHIVE_QUEUE);
  }

  /** E-mails feel instant: the enqueuing replica's worker fetches now rather than at its next poll. */
  wake(): void {
    this.mailWorker?.wake();
  }

  /** Deliveries in flight finish and are recorded before the queue, then the database, go away. */
  async stop(): Promise<void> {
    // A start still under way is let finish, then stopped like any other; a failed one has nothing to stop.
    const boss = await this.started?.catch(() => undefined);
    await this.mailWorker?.stop();
    const timeout = (this.deps.options?.stopTimeoutSeconds ?? 10) * 1000;
    try {
      // Past `timeout`, pg-boss hands the jobs still in hand back and returns while their handlers run on.
      await boss?.stop({ graceful: true, wait: true, timeout });
    } finally {
      await this.bossDatabase.shutAfterStop();
    }
    this.deps.transport.close();
  }
}
