import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/types.js';
import type { Clock } from './lib/clock.js';
import type { DeviceCookies } from './lib/device-cookie.js';
import type { ArchiveQueue, MessageNoticeQueue, PlatformQueue } from './lib/jobs.js';
import type { LoginThrottle } from './lib/login-throttle.js';
import type { MailQueue } from './lib/mail/mail-queue.js';
import type { RateLimiter } from './lib/rate-limit.js';
import type { SessionTokens } from './lib/session-token.js';
import type { InvoiceLinks } from './modules/invoice-link/invoice-link-token.js';
import type { QuoteLinks } from './modules/quote-link/quote-link-token.js';

/** What the services need from the outside world, built once in buildApp. */
export interface AppContext {
  config: Pick<Config, 'appUrl' | 'adminEmails' | 'supportEmail' | 'einvoicing' | 'companySearchUrl'>;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  rateLimiter: RateLimiter;
  loginThrottle: LoginThrottle;
  /** The signed cookie of a device that signed in before, which the login throttle trusts (OWASP). */
  deviceCookies: DeviceCookies;
  sessions: SessionTokens;
  /** E-mails are queued inside the caller's transaction: see transactionWithMail. */
  mail: MailQueue;
  /** Issue 14: the unread-message e-mail's delayed job, queued in the sending transaction. */
  messageNotices: MessageNoticeQueue;
  /** Issue 18: the yearly archive's build job, queued in the transaction that creates the archive. */
  archives: ArchiveQueue;
  /** Issue 19: the e-invoicing platform's submit jobs (queued with their flow) and syncs. */
  platformJobs: PlatformQueue;
  /** pg-boss's schema, read by the admin's live metrics (mail queue depth and failures). */
  queueSchema: string;
  /** The signed links of invoices e-mailed to their recipients (facture-en-ligne). */
  invoiceLinks: InvoiceLinks;
  /** The signed links of quotes e-mailed to clients without an account (devis-en-ligne). */
  quoteLinks: QuoteLinks;
}
