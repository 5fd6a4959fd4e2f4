import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import {
  type Config,
  DEFAULT_CONNECTION_TIMEOUT_MS,
  DEFAULT_DATABASE_POOL_SIZE,
  DEFAULT_DATABASE_POOL_TIMEOUT_MS,
  DEFAULT_MAIL_LEASE_SECONDS,
  DEFAULT_REQUEST_TIMEOUT_MS,
} from '../config.js';
import type { Database } from '../db/types.js';
import type { Clock } from '../lib/clock.js';
import { type ArchiveAttempt, type ArchiveJob, Jobs, type PlatformSyncJob } from '../lib/jobs.js';
import type { MailQueue } from '../lib/mail/mail-queue.js';
import type { MailMessage } from '../lib/mail/message.js';
import { outboxTransport, smtpTransport } from '../lib/mail/transports.js';
import { buildArchive } from '../modules/archives/archive-build.js';
import type { PlatformJobContext } from '../modules/einvoicing/platform/platform-job-context.js';
import { submitPlatformFlow } from '../modules/einvoicing/platform/submit-flow.js';
import { syncPlatformFlows } from '../modules/einvoicing/platform/sync-flows.js';
import { sendUnreadNotice } from '../modules/messaging/unread-notice.js';
import { notifyMailRejected } from '../modules/notifications/mail-rejected.js';
import type { PaymentProvider } from '../modules/subscription/payment-provider.js';
import { dropQueueSchema, queueSchemaFor } from './queue-schema.js';
import { openTestDatabase, privateTestDatabase } from './test-database.js';

/** A clock the tests can move forward, to reach expiry dates without waiting. */
export class TestClock implements Clock {
  private offsetMs = 0;
  /** While frozen, the instant it shows, whatever the time it takes a loaded machine to get there. */
  private frozenAt: number | null = null;
  now(): Date {
    return new Date(this.frozenAt ?? Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    if (this.frozenAt !== null) this.frozenAt += ms;
    else this.offsetMs += ms;
  }
  /** Jumps to a given instant (and keeps running from there, unless frozen). */
  set(instant: Date): void {
    if (this.frozenAt !== null) this.frozenAt = instant.getTime();
    else this.offsetMs = instant.getTime() - Date.now();
  }
  /** Stops the clock until reset(): for delays of a second, which a slow request must not outlive. */
  freeze(): void {
    this.frozenAt = this.now().getTime();
  }
  reset(): void {
    this.offsetMs = 0;
    this.frozenAt = null;
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  outboxDir: string;
  config: Config;
  /** The pg-boss schema of this app's queue, for tests that look at the jobs themselves. */
  jobsSchema: string;
  /** The app's mail queue, for tests that run a job's work themselves (e.g. the unread-message notice). */
  mail: MailQueue;
  /** Issue 18: this replica's queue stops taking archive jobs, as if its process were gone. */
  stopArchiveWork(): Promise<void>;
  /** Issue 19: what the platform's jobs run with, for tests that run a sync or the poll themselves. */
  platform: PlatformJobContext;
  /** Issue 19: the address this app listens on (startListeningTestApp), undefined otherwise. */
  baseUrl: string | undefined;
  /** Sends a request as one client would: JSON body, optional bearer token, its own IP address. */
  request(options: {
    method: InjectOptions['method'];
    url: string;
    body?: unknown;
    token?: string;
    ip?: string;
    headers?: Record<string, string>;
  }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export const APP_URL = 'http://facturo.test';

/** The real application on the run's test database, with the real mail queue writing to a fresh outbox. */
export async function startTestApp(
  overrides: Partial<Config> = {},
  options: {
    /** Defaults to a schema of this app's own (see queueSchemaFor), dropped at close. */
    jobsSchema?: string;
    paymentProvider?: PaymentProvider;
    /**
     * Stands in front of the real queue, inside the caller's transaction, e.g. to make queuing fail
     * for one test; `queue` writes the job in that transaction.
     */
    enqueueMail?: (message: MailMessage, queue: (message: MailMessage) => Promise<void>) => Promise<void>;
    /** Called for every route as the app declares it (see AppDeps.onRoute). */
    onRoute?: (route: RouteOptions) => void;
    /** A database of this app's own even on PostgreSQL (see privateTestDatabase). */
    privateDatabase?: boolean;
    /**
     * Issue 18: stands in front of the yearly archive's job, e.g. to make a try fail; `build` runs the
     * real one. Archive jobs run as in production otherwise.
     */
    archiveBuild?: (job: ArchiveJob, attempt: ArchiveAttempt, build: () => Promise<void>) => Promise<void>;
    /** Issue 18: an archive job running longer is taken for lost and retried (checked every second). */
    archiveExpireSeconds?: number;
    /**
     * Issue 19: stands in front of the platform-sync job (a webhook's), e.g. to drop it and show that
     * the poll alone finds the change; `sync` runs the real one.
     */
    platformSync?: (job: PlatformSyncJob, sync: () => Promise<void>) => Promise<void>;
    /** Issue 19: listen on this port of 127.0.0.1 (startListeningTestApp). */
    listenPort?: number;
  } = {},
): Promise<TestApp> {
  const own = options.privateDatabase ? await privateTestDatabase(inject('testDatabase')) : undefined;
  const database = await openTestDatabase(own?.target ?? inject('testDatabase'));
  const outboxDir = await mkdtemp(path.join(tmpdir(), 'facturo-outbox-'));
  const log = pino({ level: 'silent' });
  const jobsSchema = options.jobsSchema ?? queueSchemaFor(database);
  const clock = new TestClock();
  const config: Config = {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir: outboxDir,
    databaseUrl: undefined,
    databaseMigrationUrl: undefined,
    databasePool: { size: DEFAULT_DATABASE_POOL_SIZE, timeoutMs: DEFAULT_DATABASE_POOL_TIMEOUT_MS },
    appUrl: APP_URL,
    mailFrom: 'Facturo <no-reply@facturo.test>',
    smtpUrl: undefined,
    adminEmails: [`admin-${randomUUID()}@facturo.test`],
    supportEmail: 'support@facturo.test',
    jwtSecret: randomBytes(32).toString('hex'),
    logLevel: 'silent',
    logFormat: 'json',
    requestLogLevel: 'info',
    rateLimitScale: 1,
    webDistDir: undefined,
    trustProxy: false,
    requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
    connectionTimeoutMs: DEFAULT_CONNECTION_TIMEOUT_MS,
    stripe: undefined,
    metricsToken: undefined,
    mailConsole: false,
    mailLeaseSeconds: DEFAULT_MAIL_LEASE_SECONDS,
    // A failed e-mail is tried again within seconds, not minutes.
    mailRetryDelaySeconds: 1,
    // Issue 19: no test platform unless a test listens and says where (see startListeningTestApp).
    einvoicing: { secretKey: randomBytes(32).toString('hex'), testPlatformUrl: undefined },
    // Outgoing network is refused in tests: a test of the company search points this at its fake.
    companySearchUrl: 'http://127.0.0.1:9',
    ...overrides,
  };
  const platform: PlatformJobContext = {
    db: database.db,
    config,
    clock,
    log,
    platformJobs: {
      schedulePlatformSubmit: (job, tx) => jobs.schedulePlatformSubmit(job, tx),
      schedulePlatformSync: (job) => jobs.schedulePlatformSync(job),
    },
  };
  const jobs: Jobs = new Jobs({
    sql: database,
    transport: config.smtpUrl
      ? smtpTransport(config.smtpUrl, config.mailFrom)
      : outboxTransport(outboxDir, config.mailFrom, log),
    log,
    maintenance: async () => {},
    // Due notices run as in production; tests reach them by running sendUnreadNotice themselves.
    messageNotice: (job) => sendUnreadNotice({ db: database.db, mail, appUrl: config.appUrl }, job),
    mailRejected: (message) => notifyMailRejected({ db: database.db, appUrl: config.appUrl }, message),
    archiveBuild: (job, attempt) => {
      const build = () => buildArchive({ db: database.db, clock, log }, job, attempt);
      return options.archiveBuild ? options.archiveBuild(job, attempt, build) : build();
    },
    platformSubmit: (job, attempt) => submitPlatformFlow(platform, job, attempt),
    platformSync: (job) => {
      const sync = () => syncPlatformFlows(platform, job);
      return options.platformSync ? options.platformSync(job, sync) : sync();
    },
    // No poll schedule: tests run pollPlatforms themselves.
    options: {
      schema: jobsSchema,
      pollingIntervalSeconds: 0.5,
      retryDelaySeconds: 1,
      mailLeaseSeconds: config.mailLeaseSeconds,
      mailRetryDelaySeconds: config.mailRetryDelaySeconds,
      ...(options.archiveExpireSeconds
        ? { archiveExpireSeconds: options.archiveExpireSeconds, maintenanceIntervalSeconds: 1 }
        : {}),
    },
  });
  await jobs.start();
  const { enqueueMail } = options;
  const mail: MailQueue = {
    enqueue: (message, tx) =>
      enqueueMail ? enqueueMail(message, (m) => jobs.enqueue(m, tx)) : jobs.enqueue(message, tx),
    wake: () => jobs.wake(),
  };
  const app = await buildApp({
    config,
    database,
    mail,
    messageNotices: jobs,
    archives: jobs,
    platformJobs: jobs,
    clock,
    logger: false,
    paymentProvider: options.paymentProvider,
    onRoute: options.onRoute,
    queueSchema: jobsSchema,
  });
  await app.ready();
  if (options.listenPort !== undefined) await app.listen({ port: options.listenPort, host: '127.0.0.1' });
  return {
    app,
    database,
    clock,
    outboxDir,
    config,
    jobsSchema,
    mail,
    stopArchiveWork: () => jobs.stopArchiveWork(),
    platform,
    baseUrl: options.listenPort === undefined ? undefined : `http://127.0.0.1:${options.listenPort}`,
    request: ({ method, url, body, token, ip, headers = {} }) =>
      app.inject({
        method,
        url,
        payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        remoteAddress: ip ?? randomIp(),
      }),
    async close() {
      await app.close();
      await jobs.stop();
      await dropQueueSchema(database, jobsSchema);
      await database.close();
      await own?.drop();
    },
  };
}

/**
 * Issue 19: the application listening on 127.0.0.1 with its built-in test platform switched on and
 * pointing at itself, so that Facturo and the platform talk over real HTTP (tokens, flows, webhooks).
 * The config is read as the app is built, so a free port is reserved first and then listened on.
 */
export async function startListeningTestApp(
  overrides: Partial<Config> = {},
  options: Parameters<typeof startTestApp>[1] = {},
): Promise<TestApp> {
  const port = await freePort();
  const config: Partial<Config> = {
    ...overrides,
    einvoicing: {
      secretKey: overrides.einvoicing?.secretKey ?? randomBytes(32).toString('hex'),
      testPlatformUrl: `http://127.0.0.1:${port}/api/plateforme-test`,
    },
  };
  return startTestApp(config, { ...options, listenPort: port });
}

/** A port the system has just handed out and taken back: free for the app to listen on at once. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Each test speaks from its own address, so per-IP rate limits never leak between tests. */
export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/**
 * Two replicas of the application on the run's database, each with its own pool and queue, signing
 * sessions with one secret so that a token works on both (races between replicas).
 */
export async function startReplicas(): Promise<[TestApp, TestApp]> {
  const jwtSecret = randomBytes(32).toString('hex');
  return [await startTestApp({ jwtSecret }), await startTestApp({ jwtSecret })];
}
