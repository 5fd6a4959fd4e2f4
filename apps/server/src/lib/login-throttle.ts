import { and, eq, or, sql } from 'drizzle-orm';
import { rateLimitBuckets } from '../db/schema.js';
import type { Db, Tx } from '../db/types.js';
import { type Clock, HOUR_MS } from './clock.js';
import { KeyedQueue } from './keyed-queue.js';
import { type RateLimitRule, rateLimited } from './rate-limit.js';

const MINUTE_MS = 60_000;

/**
 * Failures in a row, with back-off: the first `freeFailures` cost nothing, then each one locks the key
 * for `firstLockMs`, doubled at every further failure up to `maxLockMs`. A streak is forgotten after
 * `forgetAfterMs` without a failure (longer than the longest lock, so waiting a lock out never resets it).
 */
export interface BackoffRule {
  name: string;
  freeFailures: number;
  firstLockMs: number;
  maxLockMs: number;
  forgetAfterMs: number;
}

/**
 * Password guessing (OWASP authentication cheat sheet): only failed attempts count, per
 * (address, IP) pair and per IP with back-off, and per address across all IPs with a limit high
 * enough that strangers cannot easily lock the owner out: they would need a hundred failures an hour.
 */
export const LOGIN_THROTTLE = {
  /** One client guessing one account's password; the owner's correct password resets it. */
  pair: {
    name: 'login-fail:pair',
    freeFailures: 5,
    firstLockMs: MINUTE_MS,
    maxLockMs: HOUR_MS,
    forgetAfterMs: 24 * HOUR_MS,
  },
  /** One client trying many accounts (credential stuffing); room for an office behind one address. */
  ip: {
    name: 'login-fail:ip',
    freeFailures: 30,
    firstLockMs: MINUTE_MS,
    maxLockMs: 15 * MINUTE_MS,
    forgetAfterMs: HOUR_MS,
  },
  /** Many clients guessing one account's password. */
  address: { name: 'login-fail:address', max: 100, windowMs: HOUR_MS },
} satisfies { pair: BackoffRule; ip: BackoffRule; address: RateLimitRule };

/**
 * A streak is one row of rate_limit_buckets with this window_start: `hits` counts its failures and
 * `expires_at` is when it is forgotten, so the last failure was `forgetAfterMs` before it.
 */
const STREAK = new Date(0);

interface Row {
  key: string;
  windowStart: Date;
  hits: number;
  expiresAt: Date;
}

/** What one attempt wrote, to take it back if the password proves right. */
interface StreakWrite {
  key: string;
  /** The streak's end before this attempt (null: there was none, or it was over). */
  before: Date | null;
  written: Date;
}

export interface LoginAttempt {
  /** The password was right: the attempt was no failure after all. */
  succeeded(): Promise<void>;
}

/**
 * Login throttling, in the same PostgreSQL table as the other rate limits so that every replica
 * enforces it. An attempt is counted as a failure before the password is checked and taken back
 * when it proves right: parallel guesses cannot all slip in before the first one is counted.
 */
export class LoginThrottle {
  /**
   * Attempts on the same pair, IP or address queue here, in memory, before they take a database
   * connection. They would queue anyway, on the rows' locks, but each one waiting there holds a pooled
   * connection: a dozen simultaneous guesses then filled the pool with lock waiters, the others waited
   * for a connection behind them, and on a loaded machine some passed the pool's connection timeout
   * (5 s) and failed with a 500 instead of their 429 — while every other request of the replica waited
   * for a connection too. Now at most one attempt per key and replica holds a connection; the row locks
   * still order attempts across replicas.
   */
  private readonly queue = new KeyedQueue();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly scale: number,
  ) {}

  /** Refuses (429, saying when to try again) while the pair, the IP or the address is locked. */
  async begin(email: string, ip: string): Promise<LoginAttempt> {
    const { pair, ip: byIp, address } = LOGIN_THROTTLE;
    const now = this.clock.now();
    const pairKey = `${pair.name}:${email}:${ip}`;
    const ipKey = `${byIp.name}:${ip}`;
    const addressKey = `${address.name}:${email}`;
    const window = new Date(now.getTime() - (now.getTime() % address.windowMs));
    const ipWrite = await this.queue.run([pairKey, ipKey, addressKey], () =>
      this.db.transaction(async (tx) => {
        const rows = await this.lockRows(
          tx,
          [
            [pairKey, STREAK],
            [ipKey, STREAK],
            [addressKey, window],
          ],
          now,
        );
        const find = (key: string) => rows.find((row) => row.key === key);
        const lockedUntil = [
          this.streakLockedUntil(pair, find(pairKey), now),
          this.streakLockedUntil(byIp, find(ipKey), now),
          this.windowLockedUntil(find(addressKey), window),
        ].filter((until): until is Date => until !== null && until > now);
        if (lockedUntil.length > 0) {
          const until = Math.max(...lockedUntil.map((d) => d.getTime()));
          throw rateLimited((until - now.getTime()) / 1000);
        }
        await this.countWindowFailure(tx, addressKey, window, address.windowMs);
        await this.countStreakFailure(tx, pairKey, pair, find(pairKey), now);
        return this.countStreakFailure(tx, ipKey, byIp, find(ipKey), now);
      }),
    );
    return {
      succeeded: async () => {
        await this.db
          .delete(rateLimitBuckets)
          .where(and(eq(rateLimitBuckets.key, pairKey), eq(rateLimitBuckets.windowStart, STREAK)));
        // Not a reset: a client that holds one account must not clear its failures on the others.
        await this.takeBackStreakFailure(ipWrite, now);
        await this.db
          .update(rateLimitBuckets)
          .set({ hits: sql`greatest(${rateLimitBuckets.hits} - 1, 0)` })
          .where(and(eq(rateLimitBuckets.key, addressKey), eq(rateLimitBuckets.windowStart, window)));
      },
    };
  }

  /**
   * The rows of this attempt, locked until the transaction ends so that concurrent attempts queue and
   * each sees the failures counted before it. Missing rows are created empty first: there would be
   * nothing to lock, and simultaneous first guesses would all pass.
   */
  private async lockRows(tx: Tx, keys: [string, Date][], now: Date): Promise<Row[]> {
    await tx
      .insert(rateLimitBuckets)
      .values(keys.map(([key, windowStart]) => ({ key, windowStart, hits: 0, expiresAt: now })))
      .onConflictDoNothing();
    return (
      tx
        .select()
        .from(rateLimitBuckets)
        .where(
          or(
            ...keys.map(([key, windowStart]) =>
              and(eq(rateLimitBuckets.key, key), eq(rateLimitBuckets.windowStart, windowStart)),
            ),
          ),
        )
        // Locked in one order by every attempt (replicas included), so two never wait on each other.
        .orderBy(rateLimitBuckets.key, rateLimitBuckets.windowStart)
        .for('update')
    );
  }

  private freeFailures(rule: BackoffRule): number {
    return Math.ceil(rule.freeFailures * this.scale);
  }

  /** Null when the streak has not used its free failures, or is over. */
  private streakLockedUntil(rule: BackoffRule, row: Row | undefined, now: Date): Date | null {
    if (!row || row.expiresAt <= now) return null;
    const over = row.hits - this.freeFailures(rule);
    if (over < 0) return null;
    const lockMs = Math.min(rule.firstLockMs * 2 ** over, rule.maxLockMs);
    const lastFailure = row.expiresAt.getTime() - rule.forgetAfterMs;
    return new Date(lastFailure + lockMs);
  }

  private windowLockedUntil(row: Row | undefined, window: Date): Date | null {
    const { max, windowMs } = LOGIN_THROTTLE.address;
    if (!row || row.hits < Math.ceil(max * this.scale)) return null;
    return new Date(window.getTime() + windowMs);
  }

  private async countStreakFailure(
    tx: Tx,
    key: string,
    rule: BackoffRule,
    row: Row | undefined,
    now: Date,
  ): Promise<StreakWrite> {
    const written = new Date(now.getTime() + rule.forgetAfterMs);
    await tx
      .insert(rateLimitBuckets)
      .values({ key, windowStart: STREAK, hits: 1, expiresAt: written })
      .onConflictDoUpdate({
        target: [rateLimitBuckets.key, rateLimitBuckets.windowStart],
        set: {
          // A streak that is over starts again (the maintenance job may not have removed it yet).
          hits: sql`case when ${rateLimitBuckets.expiresAt} <= ${now} then 1 else ${rateLimitBuckets.hits} + 1 end`,
          expiresAt: written,
        },
      });
    return { key, before: row && row.expiresAt > now ? row.expiresAt : null, written };
  }

  private async countWindowFailure(tx: Tx, key: string, window: Date, windowMs: number): Promise<void> {
    const expiresAt = new Date(window.getTime() + windowMs);
    await tx
      .insert(rateLimitBuckets)
      .values({ key, windowStart: window, hits: 1, expiresAt })
      .onConflictDoUpdate({
        target: [rateLimitBuckets.key, rateLimitBuckets.windowStart],
        // The row lockRows created empty expires at once; a counted window lasts its hour.
        set: { hits: sql`${rateLimitBuckets.hits} + 1`, expiresAt },
      });
  }

  /**
   * One failure fewer, and the streak's last failure back to what it was unless another failure came
   * since: a success must not make a streak look fresh, which would lock it again.
   */
  private async takeBackStreakFailure(write: StreakWrite, now: Date): Promise<void> {
    const restored = write.before ?? now;
    await this.db
      .update(rateLimitBuckets)
      .set({
        hits: sql`greatest(${rateLimitBuckets.hits} - 1, 0)`,
        expiresAt: sql`case when ${rateLimitBuckets.expiresAt} = ${write.written} then ${restored} else ${rateLimitBuckets.expiresAt} end`,
      })
      .where(and(eq(rateLimitBuckets.key, write.key), eq(rateLimitBuckets.windowStart, STREAK)));
  }
}
