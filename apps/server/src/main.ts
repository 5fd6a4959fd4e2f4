import os from 'node:os';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { openDatabase } from './db/open.js';
import { systemClock } from './lib/clock.js';
import { purgeLiveEvents } from './lib/events/live-events.repo.js';
import { Jobs } from './lib/jobs.js';
import { purgeDeliveredMails } from './lib/mail/delivered-mails.js';
import { mailTransport } from './lib/mail/mail-transport.js';
import { prettyDestination } from './lib/pretty-log.js';
import { RateLimiter } from './lib/rate-limit.js';
import { buildArchive } from './modules/archives/archive-build.js';
import { purgeEmailTokens } from './modules/auth/email-tokens.repo.js';
import type { PlatformJobContext } from './modules/einvoicing/platform/platform-job-context.js';
import { purgeReceivedWebhooks } from './modules/einvoicing/platform/received-webhooks.repo.js';
import { submitPlatformFlow } from './modules/einvoicing/platform/submit-flow.js';
import { pollPlatforms, syncPlatformFlows } from './modules/einvoicing/platform/sync-flows.js';
import { InvoiceLinks } from './modules/invoice-link/invoice-link-token.js';
import { closePdfPool } from './modules/invoices/document/pdf-pool.js';
import { checkIssuerCounts } from './modules/invoices/issuer-counts.js';
import { sealEndedPeriods } from './modules/journal/journal-seal.js';
import { sendUnreadNotice } from './modules/messaging/unread-notice.js';
import { Heartbeat } from './modules/metrics/heartbeat.js';
import { notifyMailRejected } from './modules/notifications/mail-rejected.js';
import { purgeOldContactMessages } from './modules/public-forms/public-forms.repo.js';
import { expireQuotes } from './modules/quotes/quote-expiry.js';
import { runReminderSweep } from './modules/reminders/reminder-sweep.js';
import { testModeProvider } from './modules/subscription/payment-provider.js';
import { expirePlans } from './modules/subscription/subscription.repo.js';
import { closeEInvoiceReaders } from './modules/supplier-invoices/parse-einvoice.js';
import { syncAdmins } from './modules/users/users.repo.js';

/** Start: config → database → migrations → jobs → listen (DESIGN §2). */
async function main(): Promise<void> {
  const config = loadConfig();
  const log =
    config.logFormat === 'pretty'
      ? pino({ level: config.logLevel }, prettyDestination())
      : pino({ level: config.logLevel });
  // Whatever has been opened is closed in reverse order, even if the signal comes mid-start.
  const closers: (() => Promise<unknown>)[] = [];
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    // A second request means the graceful stop is taking too long for whoever asked: leave now.
    if (stopping) {
      log.warn({ signal }, 'Arrêt forcé');
      process.exit(128 + (os.constants.signals[signal] ?? 0));
    }
    stopping = true;
    log.info({ signal }, 'Arrêt en cours');
    for (const close of closers.reverse()) {
      await close().catch((error: unknown) => log.error({ err: error }, 'Erreur à l’arrêt'));
    }
    log.info('Arrêt terminé');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const database = await openDatabase(config, log);
  closers.push(() => database.close());
  // The worker threads end after the HTTP server and the job queue (closers run in reverse), when nothing
  // asks for a render or a reading any more: the PDF pool keeps one thread for good, closed here like
  // every other resource rather than left to the exit.
  closers.push(() => Promise.all([closePdfPool(), closeEInvoiceReaders()]));

  const transport = mailTransport(config, log);
  const rateLimiter = new RateLimiter(database.db, systemClock, config.rateLimitScale);
  // Issue 19: the platform's jobs run with the queue they belong to (a sync may queue submissions).
  const platform = (): PlatformJobContext => ({
    db: database.db,
    config,
    clock: systemClock,
    log,
    platformJobs: jobs,
  });
  const jobs: Jobs = new Jobs({
    sql: database,
    transport,
    log,
    maintenance: async () => {
      await rateLimiter.purgeExpired();
      await purgeEmailTokens(database.db, systemClock.now());
      await expirePlans(database.db, systemClock.now());
      await purgeOldContactMessages(database.db, systemClock.now());
      // Kept an hour for streams resuming with Last-Event-ID; older ones serve nobody.
      await purgeLiveEvents(database.db, systemClock.now());
      await purgeReceivedWebhooks(database.db, systemClock.now());
      await expireQuotes(database.db, systemClock.now());
      await purgeDeliveredMails(database.db, systemClock.now());
    },
    messageNotice: (job) => sendUnreadNotice({ db: database.db, mail: jobs, appUrl: config.appUrl }, job),
    mailRejected: (message) => notifyMailRejected({ db: database.db, appUrl: config.appUrl }, message),
    reminderSweep: async () => {
      await runReminderSweep({
        db: database.db,
        mail: jobs,
        clock: systemClock,
        appUrl: config.appUrl,
        invoiceLinks: new InvoiceLinks(config.jwtSecret),
        log,
      });
    },
    journalSeal: async () => {
      const seals = await sealEndedPeriods(database.db, systemClock);
      if (seals.days + seals.months > 0) log.info(seals, 'Journal : jours et mois clôturés');
    },
    countsCheck: async () => {
      await checkIssuerCounts(database.db, log);
    },
    archiveBuild: (job, attempt) => buildArchive({ db: database.db, clock: systemClock, log }, job, attempt),
    platformSubmit: (job, attempt) => submitPlatformFlow(platform(), job, attempt),
    platformSync: (job) => syncPlatformFlows(platform(), job),
    platformPoll: () => pollPlatforms(platform()),
    options: {
      mailLeaseSeconds: config.mailLeaseSeconds,
      mailRetryDelaySeconds: config.mailRetryDelaySeconds,
    },
  });
  // Running jobs finish before the database goes away (a start still under way is awaited first).
  closers.push(() => jobs.stop());
  // Replicas started together on a fresh database deadlocked creating pg-boss's schema and queues: what
  // a start creates (migrations, the queue's schema, queues and schedules) is made under one lock, by one
  // replica at a time. The queue has begun loading pg-boss (see Jobs): the migrations' round trips
  // overlap that work. Issue 16: pg-boss is started while the application is built, its round trips
  // overlapping that work (PGlite, one query at a time, keeps the two apart). The queue has started
  // before the server listens: a failed start still ends the process before it answers anyone, and
  // a database lost after the first 200 of /api/health finds the queue running, riding it out.
  let migrated: () => void = () => {};
  const migrations = new Promise<void>((resolve) => {
    migrated = resolve;
  });
  const created = database.underStartLock(async () => {
    await database.migrate();
    await syncAdmins(database.db, config.adminEmails);
    migrated();
    await jobs.start();
  });
  // Awaited before listening; until then a failure must not count as unhandled.
  created.catch(() => {});
  // The application reads tables the migrations make; a failed start rejects before they are done.
  await Promise.race([migrations, created]);
  if (database.kind === 'pglite') await created;

  const webDistDir = config.webDistDir ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
  const app = await buildApp({
    config: { ...config, webDistDir },
    database,
    // The stripe SDK (~20 MiB once loaded) only when its keys are set: most installs never use it.
    paymentProvider: config.stripe
      ? (await import('./modules/subscription/stripe-provider.js')).stripeProvider({
          ...config.stripe,
          appUrl: config.appUrl,
        })
      : testModeProvider(),
    mail: jobs,
    messageNotices: jobs,
    archives: jobs,
    platformJobs: jobs,
    logger: log,
  });
  // Stop taking requests first; in-flight ones complete.
  closers.push(() => app.close());
  // Every 10 s this replica's figures go to replica_heartbeats, for the admin's cluster view; at the
  // stop its row goes first (closers run in reverse), so it leaves the view at once.
  const heartbeat = new Heartbeat(database.db, app.replicaMetrics, log);
  closers.push(() => heartbeat.stop());
  heartbeat.start();
  await created;
  if (stopping) return;
  await app.listen({ port: config.port, host: config.host });
  // The address in words, so that a newcomer's terminal says where to go (and it stays a field for collectors).
  log.info(
    { url: config.appUrl, database: database.kind, mail: config.smtpUrl ? 'smtp' : 'outbox' },
    `Facturo est prêt : ${config.appUrl}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Le démarrage a échoué :', error);
  }
  process.exit(1);
});
