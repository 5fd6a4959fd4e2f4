import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * A request (headers and body) must arrive whole within this time: a client that stalls or trickles
 * its body cannot hold a socket for ever. 50 s, checked every 5 s, closes such a socket within 60 s;
 * the largest body accepted (1 MiB) still arrives at 21 KB/s, slower than any live connection.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 50_000;
/**
 * A socket silent in both directions this long is closed; when an answer still waits there unread (a
 * client that stopped reading), it is reset, so that the client is disconnected at once
 * (lib/idle-connections.ts). Longer than the keep-alive of idle connections (72 s, Fastify's default,
 * itself longer than the usual 60 s of load balancers) so as not to cut them.
 */
export const DEFAULT_CONNECTION_TIMEOUT_MS = 120_000;

/**
 * A replica holds the e-mails it is sending for this long, renewing every quarter of it; a killed
 * replica's are taken by another 45 to 75 s after its death (lib/mail/mail-lease.ts).
 */
export const DEFAULT_MAIL_LEASE_SECONDS = 60;
/** The first wait after a failed e-mail, doubled at each of its 10 tries (pg-boss's back-off, with jitter). */
export const DEFAULT_MAIL_RETRY_DELAY_SECONDS = 30;

const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\//, 'doit commencer par postgres:// ou postgresql://');
/** node-postgres's pool per replica: connections, and how long a request waits for one. */
export const DEFAULT_DATABASE_POOL_SIZE = 10;
/**
 * Past this wait for a pooled connection (or a new one) the request is answered 503 with Retry-After
 * (lib/error-handler.ts), rather than queueing for ever behind a burst or an unreachable database.
 */
export const DEFAULT_DATABASE_POOL_TIMEOUT_MS = 5_000;

/** Every setting of the server, read from the environment once, at start (DESIGN §1). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  /**
   * The owner role's connection, for migrations only: the application's pool (DATABASE_URL) then uses a
   * role with data rights alone, which cannot disable the journal's triggers (README, « Database roles »).
   */
  DATABASE_MIGRATION_URL: postgresUrl.optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(1, 'doit valoir au moins 1')
    .default(DEFAULT_DATABASE_POOL_SIZE),
  DATABASE_POOL_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(50, 'doit valoir au moins 50 (millisecondes)')
    .default(DEFAULT_DATABASE_POOL_TIMEOUT_MS),
  APP_URL: z.url('doit être une URL complète, par exemple https://facturo.example.fr').optional(),
  MAIL_FROM: z.string().min(3).default('Facturo <no-reply@facturo.localhost>'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'doit commencer par smtp:// ou smtps://')
    .optional(),
  /** One address or several separated by commas: those accounts are admins (issue 13). */
  ADMIN_EMAIL: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim().toLowerCase())
        .filter((a) => a !== ''),
    )
    .pipe(z.array(z.email('doit être une adresse email ou une liste séparée par des virgules')))
    .optional(),
  /** Where the public contact form's messages are e-mailed. */
  SUPPORT_EMAIL: z.email('doit être une adresse email').default('support@facturo.localhost'),
  JWT_SECRET: z.string().min(32, 'doit contenir au moins 32 caractères').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** « pretty »: one readable line per log; « json »: one JSON object per line. Default: pretty on a terminal. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /** Multiplies every rate limit; end-to-end tests raise it because all their traffic comes from one address. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  WEB_DIST_DIR: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'doit commencer par sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'doit commencer par whsec_').optional(),
  /** Behind a load balancer the client address comes from X-Forwarded-For; never trust it otherwise. */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  REQUEST_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100, 'doit valoir au moins 100 (millisecondes)')
    .default(DEFAULT_REQUEST_TIMEOUT_MS),
  /** When set, GET /metrics (Prometheus) answers only to `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, 'doit contenir au moins 16 caractères').optional(),
  /** One readable line per e-mail on the console; default: on in development and with the local outbox, off in tests. */
  MAIL_CONSOLE: z.enum(['true', 'false']).optional(),
  MAIL_LEASE_SECONDS: z.coerce
    .number()
    .int()
    .min(4, 'doit valoir au moins 4 (secondes)')
    .max(3600, 'doit valoir au plus 3600 (secondes)')
    .default(DEFAULT_MAIL_LEASE_SECONDS),
  MAIL_RETRY_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(1, 'doit valoir au moins 1 (seconde)')
    .default(DEFAULT_MAIL_RETRY_DELAY_SECONDS),
  CONNECTION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100, 'doit valoir au moins 100 (millisecondes)')
    .default(DEFAULT_CONNECTION_TIMEOUT_MS),
  /**
   * Issue 19: the key (at least 32 characters) that encrypts the e-invoicing platforms' credentials; the
   * embedded mode generates one in DATA_DIR. Changing it makes the stored credentials unreadable.
   */
  EINVOICING_SECRET_KEY: z.string().min(32, 'doit contenir au moins 32 caractères').optional(),
  /**
   * Issue 19: where Facturo reaches its built-in test platform over HTTP; default: this server itself
   * (http://127.0.0.1:PORT/api/plateforme-test). `off` hides the test platform (production).
   */
  EINVOICING_TEST_PLATFORM_URL: z.union([z.literal('off'), z.url('doit être une URL complète')]).optional(),
  /** Issue 19: the company-search service (the State's public « recherche d'entreprises » API by default). */
  COMPANY_SEARCH_URL: z
    .url('doit être une URL complète')
    .default('https://recherche-entreprises.api.gouv.fr'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Migrations through this connection (the tables' owner) when set; only with databaseUrl. */
  databaseMigrationUrl: string | undefined;
  /** PostgreSQL only: see DEFAULT_DATABASE_POOL_SIZE and DEFAULT_DATABASE_POOL_TIMEOUT_MS. */
  databasePool: { size: number; timeoutMs: number };
  appUrl: string;
  mailFrom: string;
  smtpUrl: string | undefined;
  /** Lower-cased; empty when ADMIN_EMAIL is not set. */
  adminEmails: string[];
  supportEmail: string;
  jwtSecret: string;
  logLevel: string;
  /**
   * JSON lines for a log collector (the default when stdout is not a terminal, as in any deployment);
   * readable lines for a person running `npm start` in a terminal.
   */
  logFormat: 'pretty' | 'json';
  /**
   * The level of the one line each request writes. On a terminal it is debug: thousands of request lines
   * would bury the « ✉ » lines and their links, and LOG_LEVEL=debug brings them back. Collected logs keep
   * them at info.
   */
  requestLogLevel: 'info' | 'debug';
  rateLimitScale: number;
  webDistDir: string | undefined;
  trustProxy: boolean;
  /** See DEFAULT_REQUEST_TIMEOUT_MS and DEFAULT_CONNECTION_TIMEOUT_MS. */
  requestTimeoutMs: number;
  connectionTimeoutMs: number;
  stripe: { secretKey: string; webhookSecret: string } | undefined;
  /** Bearer token of GET /metrics; undefined: the endpoint is open (keep it off the public network). */
  metricsToken: string | undefined;
  /** Print « ✉ subject → to : links » for every e-mail (lib/mail/mail-console.ts). */
  mailConsole: boolean;
  /** See DEFAULT_MAIL_LEASE_SECONDS and DEFAULT_MAIL_RETRY_DELAY_SECONDS. */
  mailLeaseSeconds: number;
  mailRetryDelaySeconds: number;
  /** Issue 19: e-invoicing (modules/einvoicing). */
  einvoicing: {
    /** Encrypts the platforms' credentials (lib/secret-box.ts). */
    secretKey: string;
    /** The built-in test platform's base URL; undefined: the test platform is off. */
    testPlatformUrl: string | undefined;
  };
  /** Issue 19: the company-search service's base URL (modules/company-search). */
  companySearchUrl: string;
}

export class ConfigError extends Error {}

/**
 * `terminal`: whether stdout is a person's terminal, which decides how logs read (see logFormat) unless
 * LOG_FORMAT says otherwise.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  terminal: boolean = process.stdout.isTTY === true,
): Config {
  const parsed = envSchema.safeParse(blankToUndefined(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Configuration invalide :\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'Configuration invalide :\n  STRIPE_SECRET_KEY et STRIPE_WEBHOOK_SECRET vont ensemble : renseignez les deux, ou aucun (mode test).',
    );
  }
  if (e.DATABASE_MIGRATION_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Configuration invalide :\n  DATABASE_MIGRATION_URL ne sert qu’avec DATABASE_URL (PostgreSQL) : renseignez DATABASE_URL, ou retirez DATABASE_MIGRATION_URL (base intégrée).',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseMigrationUrl: e.DATABASE_MIGRATION_URL,
    databasePool: { size: e.DATABASE_POOL_SIZE, timeoutMs: e.DATABASE_POOL_TIMEOUT_MS },
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    mailFrom: e.MAIL_FROM,
    smtpUrl: e.SMTP_URL,
    adminEmails: e.ADMIN_EMAIL ?? [],
    supportEmail: e.SUPPORT_EMAIL,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir, 'jwt-secret'),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (terminal ? 'pretty' : 'json'),
    requestLogLevel: terminal ? 'debug' : 'info',
    rateLimitScale: e.RATE_LIMIT_SCALE,
    webDistDir: e.WEB_DIST_DIR,
    trustProxy: e.TRUST_PROXY === 'true',
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
    metricsToken: e.METRICS_TOKEN,
    // Without SMTP the e-mails only reach the outbox: someone is trying the app on their machine.
    mailConsole: e.MAIL_CONSOLE
      ? e.MAIL_CONSOLE === 'true'
      : e.NODE_ENV === 'development' || (e.NODE_ENV !== 'test' && !e.SMTP_URL),
    mailLeaseSeconds: e.MAIL_LEASE_SECONDS,
    mailRetryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
    einvoicing: {
      secretKey: e.EINVOICING_SECRET_KEY ?? persistedSecret(dataDir, 'einvoicing-key'),
      testPlatformUrl:
        e.EINVOICING_TEST_PLATFORM_URL === 'off'
          ? undefined
          : (e.EINVOICING_TEST_PLATFORM_URL ?? `http://127.0.0.1:${e.PORT}/api/plateforme-test`).replace(
              /\/$/,
              '',
            ),
    },
    companySearchUrl: e.COMPANY_SEARCH_URL.replace(/\/$/, ''),
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
        : undefined,
  };
}

function blankToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));
}

/**
 * The embedded mode keeps its secrets beside its data (the sessions' signing secret, the credentials'
 * key), so sessions and stored credentials survive a restart.
 */
function persistedSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
