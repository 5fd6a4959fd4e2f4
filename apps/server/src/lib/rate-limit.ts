import { rateLimitedMessage } from '@facturo/shared';
import { sql } from 'drizzle-orm';
import { rateLimitBuckets } from '../db/schema.js';
import type { Db } from '../db/types.js';
import type { Clock } from './clock.js';
import { AppError } from './errors.js';

/** The one 429: when to try again, in the message, the body and the Retry-After header. */
export function rateLimited(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(429, 'rate_limited', rateLimitedMessage(seconds), { retryAfterSeconds: seconds });
}

export interface RateLimitRule {
  /** What is being limited and by what, e.g. `reset:ip`. */
  name: string;
  max: number;
  windowMs: number;
}

/**
 * Fixed-window counters in PostgreSQL: every replica sees the same counts, and nothing
 * but the database is needed (DESIGN §1).
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly scale: number,
  ) {}

  /** Counts one attempt for each key and throws 429 when any of them is over its limit. */
  async hit(checks: { rule: RateLimitRule; key: string }[]): Promise<void> {
    for (const { rule, key } of checks) {
      const now = this.clock.now().getTime();
      const windowStart = new Date(now - (now % rule.windowMs));
      const expiresAt = new Date(windowStart.getTime() + rule.windowMs);
      const [row] = await this.db
        .insert(rateLimitBuckets)
        .values({ key: `${rule.name}:${key}`, windowStart, hits: 1, expiresAt })
        .onConflictDoUpdate({
          target: [rateLimitBuckets.key, rateLimitBuckets.windowStart],
          set: { hits: sql`${rateLimitBuckets.hits} + 1` },
        })
        .returning({ hits: rateLimitBuckets.hits });
      if ((row?.hits ?? 0) > Math.ceil(rule.max * this.scale)) {
        throw rateLimited((expiresAt.getTime() - now) / 1000);
      }
    }
  }

  /** Past windows, and the login throttle's forgotten streaks (login-throttle.ts shares the table). */
  async purgeExpired(): Promise<void> {
    await this.db.delete(rateLimitBuckets).where(sql`${rateLimitBuckets.expiresAt} < ${this.clock.now()}`);
  }
}

const MINUTE = 60_000;

/** Fixed windows counting every attempt; logins have their own rules (login-throttle.ts). */
export const RATE_LIMITS = {
  registerByIp: { name: 'register:ip', max: 10, windowMs: 60 * MINUTE },
  resetByIp: { name: 'reset:ip', max: 10, windowMs: 60 * MINUTE },
  resetByEmail: { name: 'reset:email', max: 5, windowMs: 60 * MINUTE },
  resendByIp: { name: 'resend:ip', max: 10, windowMs: 60 * MINUTE },
  resendByEmail: { name: 'resend:email', max: 5, windowMs: 60 * MINUTE },
  statusByIp: { name: 'status:ip', max: 60, windowMs: 15 * MINUTE },
  /** E-mails a professional makes the platform send (invoices, invitations): generous, but no spam cannon. */
  invoiceMailsByUser: { name: 'invoice-mail:user', max: 60, windowMs: 60 * MINUTE },
  /** The public forms: enough for a person, not for a script filling our inbox or table. */
  contactByIp: { name: 'contact:ip', max: 5, windowMs: 60 * MINUTE },
  contactByEmail: { name: 'contact:email', max: 3, windowMs: 60 * MINUTE },
  waitlistByIp: { name: 'waitlist:ip', max: 20, windowMs: 60 * MINUTE },
  /** Issue 14: a lively chat stays well under it; a script flooding support or a client does not. */
  messagesByUser: { name: 'message:user', max: 30, windowMs: MINUTE },
  /** Issue 19: a search field typed into (debounced) stays under it; a script scraping the directory does not. */
  companySearchByUser: { name: 'company-search:user', max: 30, windowMs: MINUTE },
  /** An invoice's signed link, opened without an account: a reader comes back often, a script guessing more. */
  invoiceLinkByIp: { name: 'invoice-link:ip', max: 120, windowMs: 15 * MINUTE },
  /** A quote's signed link: the same measure as an invoice's. */
  quoteLinkByIp: { name: 'quote-link:ip', max: 120, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;
